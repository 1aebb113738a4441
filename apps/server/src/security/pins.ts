import { createHash } from 'node:crypto';
import { hash } from '@node-rs/argon2';

/*
 * Approval PINs (PRODUCT.md §9; docs/decisions/030). A PIN is typed alone, with no name beside it,
 * so the server must find its owner by the PIN: the hash is deterministic per restaurant (argon2id
 * salted with the restaurant's id), so it can be looked up and kept unique in the restaurant. Four
 * to six digits are a million guesses at most: what keeps them is the online limit on wrong PINs,
 * and, should the table leak, argon2id's cost on each guess, per restaurant.
 */

// The passwords' argon2id parameters (security/passwords.ts). Changing them changes every hash:
// PINs set before would have to be set again.
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** The salt of a restaurant's PINs: its id, under a name of its own, so no other hash shares it. */
function saltOf(restaurantId: string): Uint8Array {
  return createHash('sha256').update(`tavolo approval pin\0${restaurantId}`).digest().subarray(0, 16);
}

/** The stored form of a PIN in a restaurant: the same PIN in the same restaurant always gives the same hash. */
export function hashPin(pin: string, restaurantId: string): Promise<string> {
  return hash(pin, { ...OPTIONS, salt: saltOf(restaurantId) });
}
