import { routesOf } from '../endpoint';
import type { categoriesEndpoints, menuEndpoints } from '../menu';

/** The menu endpoints' routes and constants without their schemas (see `Route`). */

/** Suggestions the menu form offers; any other short label is accepted too. */
export const SUGGESTED_TAGS = [
  'vegetarian',
  'vegan',
  'spicy',
  'gluten-free',
  'dairy-free',
  'halal',
  'new',
  'popular',
];

/** The 14 allergens EU law asks restaurants to declare. */
export const SUGGESTED_ALLERGENS = [
  'gluten',
  'crustaceans',
  'eggs',
  'fish',
  'peanuts',
  'soybeans',
  'milk',
  'nuts',
  'celery',
  'mustard',
  'sesame',
  'sulphites',
  'lupin',
  'molluscs',
];

export const menuRoutes = routesOf<typeof menuEndpoints>({
  guestMenu: 'GET /api/menu/qr',
  listMenuItems: 'GET /api/menu/restaurant/:restaurantId',
  todayMenu: 'GET /api/menu/today/:restaurantId',
  getMenuItem: 'GET /api/menu/:id',
  createMenuItem: 'POST /api/menu',
  updateMenuItem: 'PUT /api/menu/:id',
  setSoldOut: 'PUT /api/menu/:id/sold-out',
  deleteMenuItem: 'DELETE /api/menu/:id',
});

export const categoriesRoutes = routesOf<typeof categoriesEndpoints>({
  listCategories: 'GET /api/categories/:id',
  createCategory: 'POST /api/categories',
  reorderCategories: 'PUT /api/categories/reorder',
  updateCategory: 'PUT /api/categories/:id',
  deleteCategory: 'DELETE /api/categories/:id',
});
