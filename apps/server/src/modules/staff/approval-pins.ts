import { PIN_ATTEMPTS, PIN_WINDOW_SECONDS } from '@tavolo/contract/order-changes';
import type { TPermission } from '@tavolo/contract/permissions';
import { rateLimited } from '../../core/rate-limit';
import { countRateLimitHits, takeBackRateLimitHits } from '../../core/rate-limit.repository';
import type { Db } from '../../db/client';
import { hashPin } from '../../security/pins';
import { findActiveMemberByPinHash, findPinHoldersWith } from './staff.repository';

/*
 * Guessing approval PINs (PRODUCT.md §9, docs/decisions/030). A PIN is worth guessing twice over:
 * typed as an approval, and set as one's own, where "another member has this PIN" (409) tells the
 * setter a colleague's PIN. Both count against one limit per restaurant: PIN_ATTEMPTS wrong PINs
 * (or collisions) in PIN_WINDOW_SECONDS, then 429 for every PIN until the window starts over.
 */

const guessesKey = (restaurantId: string) => `approval-pin:restaurant:${restaurantId}`;

/**
 * Counts one guess against the restaurant's limit before the PIN is checked (429 past it, so a
 * burst of guesses cannot slip through between a check and its count), in its own statement on
 * `db` outside any transaction: a guess that fails its request still counts. Answers `forgive`,
 * which takes the guess back once the PIN proved to be no guess (the right PIN, a free one).
 */
export async function countPinGuess(db: Db, restaurantId: string): Promise<{ forgive: () => Promise<void> }> {
  const key = guessesKey(restaurantId);
  const { count, windowStart } = await countRateLimitHits(db, key, PIN_WINDOW_SECONDS, 1);
  if (count > PIN_ATTEMPTS) throw rateLimited(windowStart, PIN_WINDOW_SECONDS);
  return { forgive: () => takeBackRateLimitHits(db, key, 1) };
}

/** Whether anyone could approve `permission` with a PIN: an active member holding it who has set one. */
export async function hasPinHolderWith(
  db: Db,
  restaurantId: string,
  permission: TPermission,
): Promise<boolean> {
  return (await findPinHoldersWith(db, restaurantId, permission)).length > 0;
}

/**
 * The active member of the restaurant whose PIN this is, when their role holds `permission`;
 * undefined for any other PIN (counted as a wrong guess). `db` must not be inside a transaction.
 */
export async function findApproverByPin(
  db: Db,
  input: { restaurantId: string; pin: string; permission: TPermission },
): Promise<{ id: string; name: string } | undefined> {
  const pinHash = await hashPin(input.pin, input.restaurantId);
  const guess = await countPinGuess(db, input.restaurantId);
  const member = await findActiveMemberByPinHash(db, input.restaurantId, pinHash);
  if (!member?.permissions.includes(input.permission)) return undefined;
  await guess.forgive();
  return { id: member.id, name: member.name };
}
