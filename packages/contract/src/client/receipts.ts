import { routesOf } from '../endpoint';
import type { daysEndpoints, receiptsEndpoints } from '../receipts';

/** The receipts' and the business days' routes without their schemas (see `Route`). */

export const receiptsRoutes = routesOf<typeof receiptsEndpoints>({
  listReceipts: 'GET /api/receipts',
  exportReceiptsCsv: 'GET /api/receipts/export.csv',
  getReceipt: 'GET /api/receipts/:id',
  getReceiptPdf: 'GET /api/receipts/:id.pdf',
  emailReceipt: 'POST /api/receipts/:id/email',
  printReceipt: 'POST /api/receipts/:id/print',
});

export const daysRoutes = routesOf<typeof daysEndpoints>({
  listClosedDays: 'GET /api/days',
  getDay: 'GET /api/days/:date',
  closeDay: 'POST /api/days/:date/close',
});
