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
  // Shared devices (PRODUCT.md §9): marked, forgotten, a person switching in, a wrong PIN typed.
  'device.marked',
  'device.forgotten',
  'device.switched',
  'device.switch_refused',
] as const;
