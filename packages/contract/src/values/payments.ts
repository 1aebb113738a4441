// The payments' statuses and limits, without zod: payments.ts builds its schemas on them and pages read
// them here. Not in client/payments.ts, which imports payments.ts for its types: payments.ts would import
// it back.

export const PAYMENT_RECORD_STATUSES = ['pending', 'succeeded', 'failed', 'refunded'] as const;

/** Stats cover at most this many days. */
export const PAYMENT_STATS_MAX_DAYS = 366;
