import type {
  billPaymentItems,
  billPayments,
  diningTables,
  menuItems,
  orders,
  paymentRefunds,
  payments,
  restaurants,
  reviews,
  roles,
  serviceRequests,
  settlementAccounts,
  walletTransactions,
} from './schema';

/**
 * Rows as the database holds them, one type per table that modules pass between each other: a
 * module may hand another its rows without either reaching into the other's repository.
 */
export type RestaurantRow = typeof restaurants.$inferSelect;
export type TableRow = typeof diningTables.$inferSelect;
export type MenuItemRow = typeof menuItems.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
export type RefundRow = typeof paymentRefunds.$inferSelect;
export type BillPaymentRow = typeof billPayments.$inferSelect;
export type BillPaymentItemRow = typeof billPaymentItems.$inferSelect;
export type WalletTransactionRow = typeof walletTransactions.$inferSelect;
export type SettlementAccountRow = typeof settlementAccounts.$inferSelect;
export type ServiceRequestRow = typeof serviceRequests.$inferSelect;
export type ReviewRow = typeof reviews.$inferSelect;
export type RoleRow = typeof roles.$inferSelect;
