/*
 * Query keys shared by the orders and payments features: a refund (recorded on the Payments screen
 * or from an order's details) changes both an order's money and the payments, their stats and the
 * order's list of payments, so whoever records it invalidates both roots at once.
 */

/**
 * Every order query of a restaurant starts with this key: the board's current orders, the
 * filtered lists of past orders and single orders. A write can invalidate them all at once.
 */
export const ordersQueryKey = (restaurantId: string) => ['orders', restaurantId] as const;

/** Every payment query of a restaurant starts with this key: lists, stats, an order's payments. */
export const paymentsQueryKey = (restaurantId: string) => ['payments', restaurantId] as const;

/** The payments and refunds of one order, as its details list them. */
export const orderPaymentsQueryKey = (restaurantId: string, orderId: string) =>
  [...paymentsQueryKey(restaurantId), 'order', orderId] as const;
