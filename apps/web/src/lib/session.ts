import { ZUserType } from '@tavolo/contract/auth';
import { z } from 'zod';

/** Asks the server to keep the token in its HttpOnly cookie only: page scripts never see it. */
export const COOKIE_TRANSPORT_HEADERS = { 'X-Session-Transport': 'cookie' } as const;

/** Browser-storage key. It holds non-secret hints only; the session itself is an HttpOnly cookie. */
export const SESSION_HINTS_KEY = 'tavolo';

const ZSessionHints = z.object({
  restaurantId: z.string(),
  userType: ZUserType,
  staffId: z.string().nullable(),
});
export type SessionHints = z.infer<typeof ZSessionHints>;

// Storage can throw (private mode, disabled storage): hints are optional, so failures are ignored.
function storage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

export function readSessionHints(): SessionHints | null {
  try {
    const raw = storage()?.getItem(SESSION_HINTS_KEY);
    if (!raw) return null;
    const parsed = ZSessionHints.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function writeSessionHints(hints: SessionHints): void {
  // Pick the three fields so that nothing else (a token, say) can ever be written by accident.
  const { restaurantId, userType, staffId } = hints;
  try {
    storage()?.setItem(SESSION_HINTS_KEY, JSON.stringify({ restaurantId, userType, staffId }));
  } catch {
    // ignored: see storage()
  }
}

export function clearSessionHints(): void {
  try {
    storage()?.removeItem(SESSION_HINTS_KEY);
  } catch {
    // ignored: see storage()
  }
}
