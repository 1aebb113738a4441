import type { TOperationId } from '@tavolo/contract/api';
import type { TPermission } from '@tavolo/contract/permissions';

/**
 * Who may call each operation, written here by hand, apart from the contract's endpoint table: the
 * permission matrix (src/http/permission-matrix.test.ts) takes its expectations from this table
 * and sends real requests, so an endpoint whose access changes in the contract alone — or here
 * alone — fails it. Change both, on purpose, together.
 *
 * - `public`: anyone; `signed-in`: any member; `owner`: owners only (staff get 403);
 * - a list: staff holding any one of those permissions (owners hold every permission);
 * - `guest`: a guest with that credential, or staff holding one of `staff` (none: guests only).
 */
export type RequiredAccess =
  | 'public'
  | 'signed-in'
  | 'owner'
  | readonly TPermission[]
  | { guest: string; staff: readonly TPermission[] };

export const REQUIRED_ACCESS: Record<TOperationId, RequiredAccess> = {
  health: 'public',
  register: 'public',
  logIn: 'public',
  loginFailed: 'public',
  me: 'signed-in',
  updatePreferences: 'signed-in',
  logOut: 'signed-in',
  changePassword: 'signed-in',
  switchRestaurant: 'owner',
  forgotPassword: 'public',
  resetPassword: 'public',
  listRestaurants: 'signed-in',
  createRestaurant: 'owner',
  getRestaurant: 'signed-in',
  deleteRestaurant: 'owner',
  updateRestaurant: ['settings.manage'],
  listCategories: 'signed-in',
  createCategory: ['menu.manage'],
  reorderCategories: ['menu.manage'],
  updateCategory: ['menu.manage'],
  deleteCategory: ['menu.manage'],
  guestMenu: 'public',
  listMenuItems: 'signed-in',
  todayMenu: 'signed-in',
  getMenuItem: 'signed-in',
  createMenuItem: ['menu.manage'],
  updateMenuItem: ['menu.manage'],
  setSoldOut: ['menu.availability'],
  deleteMenuItem: ['menu.manage'],
  listTables: ['tables.manage', 'orders.create'],
  getTable: ['tables.manage', 'orders.create'],
  createTable: ['tables.manage'],
  updateTable: ['tables.manage'],
  rotateTableQr: ['tables.manage'],
  deleteTable: ['tables.manage'],
  tableQrSvg: ['tables.manage'],
  tableQrPng: ['tables.manage'],
  placeOrder: { guest: 'qrToken', staff: ['orders.create'] },
  getOrder: { guest: 'x-guest-token', staff: ['orders.view'] },
  listOrders: ['orders.view'],
  exportOrdersCsv: ['orders.view'],
  updateOrderStatus: ['orders.manage'],
  restaurantStream: ['orders.view'],
  guestOrderStream: { guest: 'guestToken', staff: [] },
  recordPayment: ['payments.manage'],
  uploadImage: ['menu.manage', 'settings.manage'],
  image: 'public',
  listRoles: ['roles.manage', 'staff.manage'],
  createRole: ['roles.manage'],
  updateRole: ['roles.manage'],
  deleteRole: ['roles.manage'],
  listStaff: ['staff.manage'],
  getStaffMember: ['staff.manage'],
  createStaffMember: ['staff.manage'],
  updateStaffMember: ['staff.manage'],
  // One's own PIN, or (checked by the service) another's with staff.manage.
  setStaffPin: 'signed-in',
  deleteStaffMember: ['staff.manage'],
  listPayments: ['payments.view'],
  paymentStats: ['payments.view'],
  orderPayments: ['orders.view', 'payments.view'],
  refundPayment: ['payments.manage'],
  startCheckout: { guest: 'x-guest-token', staff: ['payments.manage'] },
  sandboxCheckout: 'public',
  sandboxComplete: 'public',
  paymentWebhook: 'public',
  listWalletTransactions: ['wallet.view'],
  requestPayout: ['wallet.withdraw'],
  listSettlementAccounts: ['settlement.manage', 'wallet.withdraw'],
  createSettlementAccount: ['settlement.manage'],
  updateSettlementAccount: ['settlement.manage'],
  deleteSettlementAccount: ['settlement.manage'],
  dashboardOverview: ['dashboard.view'],
  revenueChart: ['dashboard.view'],
  orderSummary: ['dashboard.view'],
  menuItemStats: ['dashboard.view'],
  createReview: { guest: 'guestToken', staff: [] },
  getOrderReview: { guest: 'x-guest-token', staff: ['reviews.view'] },
  listReviews: ['reviews.view'],
  createServiceRequest: { guest: 'qrToken', staff: [] },
  listTableServiceRequests: { guest: 'qrToken', staff: [] },
  listServiceRequests: ['orders.view'],
  acknowledgeServiceRequest: ['orders.manage'],
  tableStream: { guest: 'qrToken', staff: [] },
  getTableBill: { guest: 'qrToken', staff: [] },
  startBillCheckout: { guest: 'qrToken', staff: [] },
  getBillReceipt: { guest: 'qrToken', staff: [] },
  listTableBills: ['orders.view'],
  getStaffTableBill: ['orders.view'],
  closeTableBill: ['payments.manage'],
  getFloor: ['orders.view'],
  getFloorTable: ['orders.view'],
  openTable: ['orders.create'],
  updateVisit: ['orders.create'],
  mergeTables: ['orders.manage'],
  changeOrderLine: ['orders.create'],
  // Without orders.void / orders.discount, a colleague's PIN approves (checked by the service).
  voidOrderLine: ['orders.void', 'orders.create'],
  discountOrder: ['orders.discount', 'orders.create'],
  moveOrder: ['orders.manage'],
  listAudit: ['audit.view'],
  auditSummary: ['audit.view'],
};
