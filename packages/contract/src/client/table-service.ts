import { routesOf } from '../endpoint';
import type { serviceRequestsEndpoints, tableServiceEndpoints } from '../table-service';

/** The table-service endpoints' routes without their schemas (see `Route`). */

export const tableServiceRoutes = routesOf<typeof tableServiceEndpoints>({
  tableStream: 'GET /api/tables/stream',
  getTableBill: 'GET /api/tables/bill',
  startBillCheckout: 'POST /api/tables/bill/checkout',
  getBillReceipt: 'GET /api/tables/bill/payments/:paymentId',
  listTableBills: 'GET /api/tables/restaurant/:restaurantId/bills',
  getStaffTableBill: 'GET /api/tables/:id/bill',
  closeTableBill: 'POST /api/tables/:id/bill/close',
  takeBillPayment: 'POST /api/tables/:id/bill/payments',
});

export const serviceRequestsRoutes = routesOf<typeof serviceRequestsEndpoints>({
  createServiceRequest: 'POST /api/service-requests',
  listTableServiceRequests: 'GET /api/service-requests/table',
  listServiceRequests: 'GET /api/service-requests',
  acknowledgeServiceRequest: 'PUT /api/service-requests/:id',
});
