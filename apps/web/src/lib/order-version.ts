import type { TOrder } from '@tavolo/contract/orders';

type Versioned = Pick<TOrder, 'version'>;

/**
 * Whether `incoming` is the same change of an order as `known`, or a later one. Every change bumps
 * the order's version, so the version says which copy is newer, whatever order copies arrive in.
 */
export function isAtLeastAsRecent(incoming: Versioned, known: Versioned): boolean {
  return incoming.version >= known.version;
}

/** The copy to keep: `incoming`, unless the one already held is newer. */
export function newerOrder<T extends Versioned>(known: T | undefined, incoming: T): T {
  return known && !isAtLeastAsRecent(incoming, known) ? known : incoming;
}
