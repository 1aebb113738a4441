import { PIN_ATTEMPTS, PIN_WINDOW_SECONDS } from '@tavolo/contract/order-changes';
import type { TPermission } from '@tavolo/contract/permissions';
import { countGuess } from '../../core/rate-limit';
import type { Db } from '../../db/client';
import { hashPin } from '../../security/pins';
import { findActiveMemberByPinHash, findMembersWithPin, findPinHoldersWith } from './staff.repository';

/*
 * Guessing approval PINs (PRODUCT.md §9, docs/decisions/030). A PIN is worth guessing twice over:
 * typed as an approval, and set as one's own, where "another member has this PIN" (409) tells the
 * setter a colleague's PIN. Both count against one limit per restaurant: PIN_ATTEMPTS wrong PINs
 * (or collisions) in PIN_WINDOW_SECONDS, then 429 for every PIN until the window starts over.
 * Shared devices (modules/devices) check a PIN with the same findActiveMemberByPin, under limits of
 * their own (per person and per device).
 */

const guessesKey = (restaurantId: string) => `approval-pin:restaurant:${restaurantId}`;

/**
 * Counts one guess against the restaurant's limit before the PIN is checked (429 past it, so a
 * burst of guesses cannot slip through between a check and its count), in its own statement on
 * `db` outside any transaction: a guess that fails its request still counts. Answers `forgive`,
 * which takes the guess back once the PIN proved to be no guess (the right PIN, a free one).
 */
export function countPinGuess(db: Db, restaurantId: string): Promise<{ forgive: () => Promise<void> }> {
  return countGuess(db, {
    key: guessesKey(restaurantId),
    limit: PIN_ATTEMPTS,
    windowSeconds: PIN_WINDOW_SECONDS,
  });
}

/**
 * The one PIN check: the active member of the restaurant whose PIN this is (PINs are unique in a
 * restaurant), with their role's permissions; undefined for any other PIN. Counts nothing: the
 * caller counts the guess first.
 */
export async function findActiveMemberByPin(
  db: Db,
  restaurantId: string,
  pin: string,
): Promise<{ id: string; name: string; permissions: string[] } | undefined> {
  return findActiveMemberByPinHash(db, restaurantId, await hashPin(pin, restaurantId));
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
  const guess = await countPinGuess(db, input.restaurantId);
  const member = await findActiveMemberByPin(db, input.restaurantId, input.pin);
  if (!member?.permissions.includes(input.permission)) return undefined;
  await guess.forgive();
  return { id: member.id, name: member.name };
}

/** The restaurant's active members who set a PIN, by name: who may switch in on a shared device. */
export function listMembersWithPin(
  db: Db,
  restaurantId: string,
): Promise<{ id: string; name: string; roleName: string }[]> {
  return findMembersWithPin(db, restaurantId);
}

/** One active member of the restaurant who set a PIN, or undefined (unknown, inactive, no PIN). */
export async function findMemberWithPin(
  db: Db,
  restaurantId: string,
  id: string,
): Promise<{ id: string; name: string; roleName: string } | undefined> {
  const [member] = await findMembersWithPin(db, restaurantId, id);
  return member;
}
