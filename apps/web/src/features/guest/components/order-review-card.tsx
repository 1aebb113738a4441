import type { TOrder } from '@tavolo/contract/orders';
import { REVIEW_COMMENT_MAX, REVIEW_GUEST_NAME_MAX } from '@tavolo/contract/values/reviews';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { StarIcon } from '../../../components/ui/icons';
import { Stars } from '../../../components/ui/stars';
import { TextField } from '../../../components/ui/text-field';
import { TextareaField } from '../../../components/ui/textarea-field';
import { getErrorMessage, isHttpError } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { t } from '../../../lib/i18n/i18n';
import { useCreateReview, useOrderReview } from '../api/order-review';
import {
  commentCounter,
  findRememberedReview,
  isReviewable,
  type RememberedReview,
  rememberReview,
  reviewRequestOf,
} from '../model/order-review';

const cardClassName = 'flex flex-col gap-4 rounded-2xl border border-line bg-panel p-4 shadow-sm';

/**
 * "How was it?" once the order is served or completed (the live status brings the moment); a
 * thank-you with the stars once reviewed, here or earlier on this phone (or the server says so).
 */
export function OrderReviewCard({ order, guestToken }: { order: TOrder; guestToken: string }) {
  if (!isReviewable(order.status)) return null;
  return <ReviewCard orderId={order.id} guestToken={guestToken} />;
}

function ReviewCard({ orderId, guestToken }: { orderId: string; guestToken: string }) {
  const [remembered, setRemembered] = useState<RememberedReview | undefined>(() =>
    findRememberedReview(orderId),
  );
  // Ask the server unless this phone already knows the stars given.
  const lookup = useOrderReview(orderId, guestToken, remembered?.rating == null);
  const found = lookup.data?.review;

  useEffect(() => {
    if (!found) return;
    rememberReview({ orderId, rating: found.rating });
    setRemembered({ orderId, rating: found.rating });
  }, [found, orderId]);

  const markReviewed = (rating: number | null) => {
    rememberReview({ orderId, rating });
    setRemembered(findRememberedReview(orderId));
  };

  const reviewed = found ? { rating: found.rating } : remembered;
  if (reviewed) return <ThankYou rating={reviewed.rating} />;
  // Until the server answers, nothing: the form must not flash for a guest who already reviewed.
  if (lookup.isPending && lookup.fetchStatus === 'fetching') return null;
  return (
    <ReviewForm
      orderId={orderId}
      guestToken={guestToken}
      onReviewed={markReviewed}
      onAlreadyReviewed={() => {
        markReviewed(null);
        // Learn the stars given before, for the thank-you.
        void lookup.refetch();
      }}
    />
  );
}

function ThankYou({ rating }: { rating: number | null }) {
  return (
    <section
      aria-labelledby="review-thanks-heading"
      className={cn(cardClassName, 'items-center text-center')}
      data-testid="order-review"
      data-state="reviewed"
    >
      <h2 id="review-thanks-heading" className="text-xl font-bold text-ink">
        {t('guest.common.thankYou')}
      </h2>
      {rating !== null ? (
        <Stars rating={rating} starClassName="size-8" label={t('guest.review.youGave', { count: rating })} />
      ) : null}
      <p className="text-base text-ink-muted">
        {rating !== null ? t('guest.review.withRestaurant') : t('guest.review.alreadyReviewed')}
      </p>
    </section>
  );
}

function ReviewForm({
  orderId,
  guestToken,
  onReviewed,
  onAlreadyReviewed,
}: {
  orderId: string;
  guestToken: string;
  onReviewed: (rating: number) => void;
  onAlreadyReviewed: () => void;
}) {
  const [rating, setRating] = useState<number | null>(null);
  const [hovered, setHovered] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  const [guestName, setGuestName] = useState('');
  const [ratingError, setRatingError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const send = useCreateReview();
  const name = useId();
  const ratingErrorId = `${name}-rating-error`;
  const shown = hovered ?? rating ?? 0;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const request = reviewRequestOf({ rating, comment, guestName }, { orderId, guestToken });
    if (!request.ok) {
      setRatingError(request.message);
      return;
    }
    send.mutate(request.body, {
      onSuccess: (review) => onReviewed(review.rating),
      onError: (failure) => {
        if (isHttpError(failure, 409)) onAlreadyReviewed();
        else if (isHttpError(failure, 404)) setError(t('guest.review.orderNotFound'));
        else setError(getErrorMessage(failure));
      },
    });
  };

  return (
    <section
      aria-labelledby="review-heading"
      className={cardClassName}
      data-testid="order-review"
      data-state="form"
    >
      <div className="flex flex-col gap-1">
        <h2 id="review-heading" className="text-xl font-bold text-ink">
          {t('guest.review.title')}
        </h2>
        <p className="text-sm text-ink-muted">{t('guest.review.intro')}</p>
      </div>
      <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
        <div className="flex flex-col gap-2">
          <div
            // Native radios: Tab reaches the group, the arrow keys move the rating.
            role="radiogroup"
            aria-label={t('guest.review.yourRating')}
            aria-describedby={ratingError ? ratingErrorId : undefined}
            aria-invalid={ratingError ? true : undefined}
            className="flex items-center justify-center gap-0.5 sm:gap-1"
            onMouseLeave={() => setHovered(null)}
          >
            {[1, 2, 3, 4, 5].map((star) => (
              <label
                key={star}
                className={cn(
                  'flex size-14 cursor-pointer items-center justify-center rounded-xl transition-colors',
                  'hover:bg-amber-50 has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-offset-1 has-[input:focus-visible]:outline-accent-700',
                  star <= shown ? 'text-amber-600' : 'text-slate-400',
                )}
                onMouseEnter={() => setHovered(star)}
                data-testid="rating-star"
              >
                <input
                  type="radio"
                  className="sr-only"
                  name={name}
                  value={star}
                  checked={rating === star}
                  aria-label={t('guest.review.stars', { count: star })}
                  onChange={() => {
                    setRating(star);
                    setRatingError(null);
                  }}
                />
                <StarIcon filled={star <= shown} className="size-10" />
              </label>
            ))}
          </div>
          <p className="min-h-5 text-center text-sm font-medium text-ink" aria-hidden="true">
            {rating ? t('guest.review.rating', { rating }) : '\u00a0'}
          </p>
          {ratingError ? (
            <p id={ratingErrorId} role="alert" className="text-center text-sm font-medium text-red-700">
              {ratingError}
            </p>
          ) : null}
        </div>
        <TextareaField
          label={t('guest.review.comment')}
          value={comment}
          onChange={(event) => setComment(event.target.value)}
          maxLength={REVIEW_COMMENT_MAX}
          rows={4}
          hint={commentCounter(comment)}
        />
        <TextField
          label={t('guest.common.yourNameOptional')}
          value={guestName}
          onChange={(event) => setGuestName(event.target.value)}
          maxLength={REVIEW_GUEST_NAME_MAX}
          autoComplete="given-name"
        />
        {error ? <Alert>{error}</Alert> : null}
        <Button type="submit" size="large" pending={send.isPending} pendingLabel={t('guest.common.sending')}>
          {t('guest.review.send')}
        </Button>
      </form>
    </section>
  );
}
