// The audit log's kinds, without zod: audit.ts builds its schemas on them and pages read them here.

/** What the audit log records (PRODUCT.md §9), each written in the transaction of its change. */
export const AUDIT_KINDS = [
  'order.line_changed',
  'order.line_voided',
  'order.discounted',
  'order.moved',
  'table.merged',
  'table.transferred',
  'order.cancelled',
  'payment.recorded',
  'payment.refunded',
  'visit.closed',
  'visit.cleared',
  'day.closed',
] as const;
