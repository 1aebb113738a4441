// The orders' statuses, limits and headers, without zod: orders.ts builds its schemas on them and pages
// read them here. Not in client/orders.ts, which imports orders.ts for its types: orders.ts would import
// it back.

export const ORDER_STATUSES = [
  'pending',
  'accepted',
  'preparing',
  'ready',
  'served',
  'completed',
  'cancelled',
] as const;
type TOrderStatus = (typeof ORDER_STATUSES)[number];

/** The lifecycle (PRODUCT.md §4): every other move answers 409 INVALID_TRANSITION. */
export const ORDER_TRANSITIONS: Readonly<Record<TOrderStatus, readonly TOrderStatus[]>> = {
  pending: ['accepted', 'cancelled'],
  accepted: ['preparing', 'cancelled'],
  preparing: ['ready', 'cancelled'],
  ready: ['served'],
  served: ['completed'],
  completed: [],
  cancelled: [],
};

export const FINAL_ORDER_STATUSES: readonly TOrderStatus[] = ['completed', 'cancelled'];

export const MAX_LINE_QUANTITY = 50;

export const MAX_ORDER_LINES = 100;

/** Seats at one table, as staff number them (PRODUCT.md §9). */
export const MAX_SEAT = 50;

/** Courses 1–5 follow each other; 0 ("At once": drinks, anything served as it comes) fires at once (PRODUCT.md §10). */
export const MAX_COURSE = 5;

/**
 * A new category's course unless set: Mains. Not 0, which would fire a whole menu with the first
 * round; the starters go first, the desserts wait (PRODUCT.md §10).
 */
export const DEFAULT_CATEGORY_COURSE = 2;

/** Header names shared by the guest app and the server. */
export const GUEST_TOKEN_HEADER = 'x-guest-token';

export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

export const PAYMENT_METHODS = ['cash', 'card', 'transfer', 'online'] as const;
