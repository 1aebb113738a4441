import type { TOrderStatus } from '@tavolo/contract/orders';
import { REVIEW_COMMENT_MAX } from '@tavolo/contract/values/reviews';
import { z } from 'zod';
import { formattingLocale, t } from '../../../lib/i18n/i18n';

/*
 * The review a guest leaves after the meal: when it may be asked for, what the form sends, and
 * which orders this phone already reviewed (so the page says "Thank you" without asking again).
 */

/** PRODUCT.md §7: reviews are accepted once the order is served or completed. */
export function isReviewable(status: TOrderStatus): boolean {
  return status === 'served' || status === 'completed';
}

/** "12 / 1,000" under the comment box. */
export function commentCounter(comment: string, locale?: string): string {
  const format = new Intl.NumberFormat(locale ?? formattingLocale());
  return `${format.format(comment.length)} / ${format.format(REVIEW_COMMENT_MAX)}`;
}

export interface ReviewDraft {
  rating: number | null;
  comment: string;
  guestName: string;
}

/** The body of POST /reviews, or why it cannot be sent yet. Blank text is left out. */
export function reviewRequestOf(
  draft: ReviewDraft,
  order: { orderId: string; guestToken: string },
):
  | {
      ok: true;
      body: { orderId: string; guestToken: string; rating: number; comment?: string; guestName?: string };
    }
  | { ok: false; message: string } {
  if (draft.rating === null) return { ok: false, message: t('guest.review.chooseStars') };
  const comment = draft.comment.trim();
  const guestName = draft.guestName.trim();
  return {
    ok: true,
    body: {
      ...order,
      rating: draft.rating,
      ...(comment ? { comment } : {}),
      ...(guestName ? { guestName } : {}),
    },
  };
}

// ---- which orders this phone reviewed --------------------------------------------------------------

export const REVIEWED_STORAGE_KEY = 'tavolo:reviewed';
const MAX_REMEMBERED = 50;

const ZRememberedReview = z.object({
  orderId: z.string().min(1),
  /** null when the server said "already reviewed" without saying how. */
  rating: z.number().int().min(1).max(5).nullable(),
});
export type RememberedReview = z.infer<typeof ZRememberedReview>;

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

function listRememberedReviews(): RememberedReview[] {
  try {
    const raw = storage()?.getItem(REVIEWED_STORAGE_KEY);
    if (!raw) return [];
    const parsed = z.array(z.unknown()).safeParse(JSON.parse(raw));
    if (!parsed.success) return [];
    return parsed.data.flatMap((entry) => {
      const review = ZRememberedReview.safeParse(entry);
      return review.success ? [review.data] : [];
    });
  } catch {
    return [];
  }
}

/** Reviews sent during this visit, for when storage is disabled (some private modes). */
const reviewedThisVisit = new Map<string, RememberedReview>();

export function findRememberedReview(orderId: string): RememberedReview | undefined {
  return listRememberedReviews().find((entry) => entry.orderId === orderId) ?? reviewedThisVisit.get(orderId);
}

/** Remembers the order as reviewed; a known rating replaces an unknown one, never the reverse. */
export function rememberReview(review: RememberedReview): void {
  const known = findRememberedReview(review.orderId);
  const entry = { orderId: review.orderId, rating: review.rating ?? known?.rating ?? null };
  const others = listRememberedReviews().filter((item) => item.orderId !== entry.orderId);
  try {
    const store = storage();
    if (!store) throw new Error('no storage');
    store.setItem(REVIEWED_STORAGE_KEY, JSON.stringify([entry, ...others].slice(0, MAX_REMEMBERED)));
  } catch {
    // Storage full or disabled: this visit still remembers it.
    reviewedThisVisit.set(entry.orderId, entry);
  }
}
