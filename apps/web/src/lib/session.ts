import type { TUserType } from '@tavolo/contract/auth';

/** Asks the server to keep the token in its HttpOnly cookie only: page scripts never see it. */
export const COOKIE_TRANSPORT_HEADERS = { 'X-Session-Transport': 'cookie' } as const;

/** Browser-storage key. It holds non-secret hints only; the session itself is an HttpOnly cookie. */
export const SESSION_HINTS_KEY = 'tavolo';

export type SessionHints = { restaurantId: string; userType: TUserType; staffId: string | null };

/** The hints when `value` has their shape (checked by hand: every dashboard page reads them). */
function readHints(value: unknown): SessionHints | null {
  if (typeof value !== 'object' || value === null) return null;
  const { restaurantId, userType, staffId } = value as Record<string, unknown>;
  if (typeof restaurantId !== 'string') return null;
  if (userType !== 'owner' && userType !== 'staff') return null;
  if (staffId !== null && typeof staffId !== 'string') return null;
  return { restaurantId, userType, staffId };
}

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
    return readHints(JSON.parse(raw));
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
