/** Every dashboard figure of a restaurant starts with this key: live order changes refresh them at once. */
export const dashboardQueryKey = (restaurantId: string) => ['dashboard', restaurantId] as const;
