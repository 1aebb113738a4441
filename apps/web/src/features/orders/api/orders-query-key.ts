/**
 * Every order query of a restaurant starts with this key: the board's current orders, the
 * filtered lists of past orders and single orders. A write can invalidate them all at once.
 */
export const ordersQueryKey = (restaurantId: string) => ['orders', restaurantId] as const;
