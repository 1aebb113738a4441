import { routesOf } from '../endpoint';
import type { serviceRequestsEndpoints, tableServiceEndpoints } from '../table-service';

/** The table-service endpoints' routes and constants without their schemas (see `Route`). */

export const SERVICE_REQUEST_MESSAGE_MAX = 200;

export const BILL_SPLIT_MAX_PARTS = 20;

/** A tip may not exceed the amount it is added to times this. */
export const TIP_MAX_MULTIPLE = 1;

export const tableServiceRoutes = routesOf<typeof tableServiceEndpoints>({
  tableStream: 'GET /api/tables/stream',
  getTableBill: 'GET /api/tables/bill',
  startBillCheckout: 'POST /api/tables/bill/checkout',
  getBillReceipt: 'GET /api/tables/bill/payments/:paymentId',
  listTableBills: 'GET /api/tables/restaurant/:restaurantId/bills',
  getStaffTableBill: 'GET /api/tables/:id/bill',
  closeTableBill: 'POST /api/tables/:id/bill/close',
});

export const serviceRequestsRoutes = routesOf<typeof serviceRequestsEndpoints>({
  createServiceRequest: 'POST /api/service-requests',
  listTableServiceRequests: 'GET /api/service-requests/table',
  listServiceRequests: 'GET /api/service-requests',
  acknowledgeServiceRequest: 'PUT /api/service-requests/:id',
});
