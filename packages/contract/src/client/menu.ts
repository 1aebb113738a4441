import { routesOf } from '../endpoint';
import type { categoriesEndpoints, menuEndpoints } from '../menu';

/** The menu endpoints' routes without their schemas (see `Route`). */

export const menuRoutes = routesOf<typeof menuEndpoints>({
  guestMenu: 'GET /api/menu/qr',
  listMenuItems: 'GET /api/menu/restaurant/:restaurantId',
  todayMenu: 'GET /api/menu/today/:restaurantId',
  getMenuItem: 'GET /api/menu/:id',
  createMenuItem: 'POST /api/menu',
  updateMenuItem: 'PUT /api/menu/:id',
  setSoldOut: 'PUT /api/menu/:id/sold-out',
  setStock: 'PUT /api/menu/:id/stock',
  deleteMenuItem: 'DELETE /api/menu/:id',
});

export const categoriesRoutes = routesOf<typeof categoriesEndpoints>({
  listCategories: 'GET /api/categories/:id',
  createCategory: 'POST /api/categories',
  reorderCategories: 'PUT /api/categories/reorder',
  updateCategory: 'PUT /api/categories/:id',
  deleteCategory: 'DELETE /api/categories/:id',
});
