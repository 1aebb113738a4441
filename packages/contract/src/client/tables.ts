import { routesOf } from '../endpoint';
import type { tablesEndpoints } from '../tables';

/** The tables endpoints' routes without their schemas (see `Route`). */

export const tablesRoutes = routesOf<typeof tablesEndpoints>({
  listTables: 'GET /api/tables/restaurant/:restaurantId',
  getTable: 'GET /api/tables/:id',
  createTable: 'POST /api/tables',
  updateTable: 'PUT /api/tables/:id',
  rotateTableQr: 'POST /api/tables/:id/rotate-qr',
  deleteTable: 'DELETE /api/tables/:id',
  tableQrSvg: 'GET /api/tables/:id/qr.svg',
  tableQrPng: 'GET /api/tables/:id/qr.png',
});
