/**
 * Query keys of a restaurant's menu data, shared by the menu and categories features. Every key
 * starts with `menuDataKey`, so a write invalidates them all at once: a new dish changes a
 * category's item count, a renamed category changes today's menu, and so on.
 */
export const menuDataKey = (restaurantId: string) => ['menu-data', restaurantId] as const;

export const categoriesQueryKey = (restaurantId: string) =>
  [...menuDataKey(restaurantId), 'categories'] as const;
