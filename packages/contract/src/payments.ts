import { z } from 'zod';
import { ZId, ZIdParams, ZRestaurantParams } from './common';
import { access, endpoint } from './endpoint';
import { GUEST_TOKEN_HEADER, ZDateBound, ZOrder, ZPayment, ZPaymentMethod } from './orders';
import { PAYMENT_RECORD_STATUSES, PAYMENT_STATS_MAX_DAYS } from './values/payments';

export { PAYMENT_RECORD_STATUSES, PAYMENT_STATS_MAX_DAYS };

/**
 * Money received and given back: the payments list, refunds, stats for a period, and online
 * payment through a payment provider (the built-in `sandbox` one: a checkout page inside Tavolo and
 * a signed webhook). Recording a cash, card or transfer payment is `ordersEndpoints.recordPayment`.
 */

export const ZPaymentRecordStatus = z.enum(PAYMENT_RECORD_STATUSES);

export const ZPaymentRefund = z.object({
  id: ZId,
  paymentId: ZId,
  orderId: ZId,
  amountMinor: z.number().int(),
  reason: z.string().nullable(),
  recordedBy: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type TPaymentRefund = z.infer<typeof ZPaymentRefund>;

/** A payment as lists show it: with its order's number and table, and its refunds, oldest first. */
export const ZPaymentListItem = ZPayment.extend({
  orderNumber: z.number().int(),
  tableNumber: z.number().int(),
  provider: z.string().nullable(),
  refunds: z.array(ZPaymentRefund),
  /** The receipt it issued (a payment at the table: the one receipt of all its orders' parts); null before receipts. */
  receipt: z.object({ id: ZId, number: z.string() }).nullable(),
});
export type TPaymentListItem = z.infer<typeof ZPaymentListItem>;

/** `from` and `to` are inclusive days (or instants) in the restaurant's time zone. */
export const ZPaymentListQuery = z.object({
  from: ZDateBound.optional(),
  to: ZDateBound.optional(),
  method: ZPaymentMethod.optional(),
  status: ZPaymentRecordStatus.optional(),
  orderId: ZId.optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type TPaymentListQuery = z.infer<typeof ZPaymentListQuery>;

export const ZPaymentPage = z.object({
  items: z.array(ZPaymentListItem),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type TPaymentPage = z.infer<typeof ZPaymentPage>;

/** Every payment and refund of one order, oldest first (the order's details list them). */
export const ZOrderPayments = z.object({ items: z.array(ZPaymentListItem) });
export type TOrderPayments = z.infer<typeof ZOrderPayments>;

export const ZRefundRequest = z
  .object({
    amountMinor: z
      .number({ message: 'must be a number' })
      .int({ message: 'must be a whole number of minor units' })
      .min(1, { message: 'must be at least 1' }),
    reason: z.string().trim().max(300, { message: 'must be at most 300 characters' }).optional(),
  })
  .strict();
export type TRefundRequest = z.infer<typeof ZRefundRequest>;

export const ZRefundResult = z.object({ refund: ZPaymentRefund, payment: ZPaymentListItem, order: ZOrder });
export type TRefundResult = z.infer<typeof ZRefundResult>;

/** Days (YYYY-MM-DD) in the restaurant's time zone, inclusive; by default the last 30 days. */
export const ZPaymentStatsQuery = z.object({ from: ZDateBound.optional(), to: ZDateBound.optional() });
export type TPaymentStatsQuery = z.infer<typeof ZPaymentStatsQuery>;

/**
 * Revenue is succeeded payments minus refunds, dated by when the money moved (a payment by its
 * time, a refund by its own) in the restaurant's time zone. `totalMinor` is that net figure.
 */
export const ZPaymentStats = z.object({
  currency: z.string(),
  timezone: z.string(),
  from: z.iso.date(),
  to: z.iso.date(),
  /** Succeeded payments in the period minus refunds in the period. */
  totalMinor: z.number().int(),
  /** Succeeded payments in the period, before refunds. */
  grossMinor: z.number().int(),
  refundsMinor: z.number().int(),
  /** Succeeded payments in the period. */
  count: z.number().int(),
  refundCount: z.number().int(),
  /** grossMinor / count, rounded half up; 0 without payments. */
  averageMinor: z.number().int(),
  byMethod: z.array(
    z.object({
      method: ZPaymentMethod,
      count: z.number().int(),
      grossMinor: z.number().int(),
      refundsMinor: z.number().int(),
      totalMinor: z.number().int(),
    }),
  ),
  /** Every day of the period, oldest first, zeros included. */
  byDay: z.array(
    z.object({
      date: z.iso.date(),
      count: z.number().int(),
      grossMinor: z.number().int(),
      refundsMinor: z.number().int(),
      totalMinor: z.number().int(),
    }),
  ),
});
export type TPaymentStats = z.infer<typeof ZPaymentStats>;

// ---- online payment ---------------------------------------------------------------------------------

/** An online payment started: the guest's browser goes to `checkoutUrl` (the provider's page). */
export const ZCheckout = z.object({
  paymentId: ZId,
  checkoutUrl: z.string(),
  amountMinor: z.number().int(),
  currency: z.string(),
});
export type TCheckout = z.infer<typeof ZCheckout>;

export const ZPaymentIdParams = z.object({ paymentId: ZId });

/** What the sandbox provider's checkout page shows. */
export const ZSandboxCheckout = z.object({
  paymentId: ZId,
  status: ZPaymentRecordStatus,
  amountMinor: z.number().int(),
  currency: z.string(),
  restaurantName: z.string(),
  /** The order being paid; null for a payment towards a table's bill. */
  orderNumber: z.number().int().nullable(),
  /** What is being paid, as the payer reads it ("Order #12", "Table 4, your share of the bill"). */
  description: z.string(),
  /** Part of amountMinor that is a tip (0 without one). */
  tipMinor: z.number().int(),
  /** Where the page sends the guest back to once the payment is settled (a path in this app). */
  returnUrl: z.string(),
});
export type TSandboxCheckout = z.infer<typeof ZSandboxCheckout>;

export const ZSandboxCompleteRequest = z.object({ outcome: z.enum(['pay', 'decline']) }).strict();
export type TSandboxCompleteRequest = z.infer<typeof ZSandboxCompleteRequest>;

export const ZWebhookParams = z.object({
  provider: z
    .string()
    .max(40)
    .regex(/^[a-z][a-z0-9-]*$/, { message: 'must be a provider name' }),
});

/** The sandbox webhook's body (a real provider's has its own shape, parsed by its adapter). */
export const ZSandboxWebhookEvent = z.object({
  id: z.string().min(1).max(100),
  type: z.enum(['payment.succeeded', 'payment.failed']),
  paymentId: ZId,
  amountMinor: z.number().int(),
  currency: z.string(),
  createdAt: z.iso.datetime(),
});
export type TSandboxWebhookEvent = z.infer<typeof ZSandboxWebhookEvent>;

/** The header the sandbox signs its webhooks with: `t=<unix seconds>,v1=<hex HMAC-SHA256>`. */
export const SANDBOX_SIGNATURE_HEADER = 'tavolo-signature';

export const ZWebhookAck = z.object({ received: z.literal(true), duplicate: z.boolean() });

export const paymentsEndpoints = {
  listPayments: endpoint({
    method: 'GET',
    path: '/api/payments/restaurant/:restaurantId',
    restaurantParam: 'restaurantId',
    tag: 'payments',
    summary: "List the restaurant's payments, newest first",
    access: access.permission('payments.view'),
    params: ZRestaurantParams,
    query: ZPaymentListQuery,
    response: ZPaymentPage,
  }),
  paymentStats: endpoint({
    method: 'GET',
    path: '/api/payments/stats/:restaurantId',
    restaurantParam: 'restaurantId',
    tag: 'payments',
    summary: 'Revenue for a period: totals, by method, by day, refunds',
    description: `Revenue is succeeded payments minus refunds, by when the money moved, in the restaurant's time zone. At most ${PAYMENT_STATS_MAX_DAYS} days.`,
    access: access.permission('payments.view'),
    params: ZRestaurantParams,
    query: ZPaymentStatsQuery,
    response: ZPaymentStats,
    errors: [422],
  }),
  orderPayments: endpoint({
    method: 'GET',
    path: '/api/orders/:id/payments',
    tag: 'payments',
    summary: "An order's payments and refunds",
    access: access.permission('orders.view', 'payments.view'),
    params: ZIdParams,
    response: ZOrderPayments,
  }),
  refundPayment: endpoint({
    method: 'POST',
    path: '/api/payments/:id/refund',
    tag: 'payments',
    summary: 'Refund part or all of a payment',
    description:
      'Never more than what is left of the payment. A refund of an online payment is taken from the wallet. Send an Idempotency-Key header to make retries safe.',
    access: access.permission('payments.manage'),
    params: ZIdParams,
    body: ZRefundRequest,
    status: 201,
    response: ZRefundResult,
    idempotent: true,
    errors: [409, 422],
  }),
  startCheckout: endpoint({
    method: 'POST',
    path: '/api/orders/:id/checkout',
    tag: 'payments',
    summary: 'Start paying what is due on an order online',
    description: `A guest sends the ${GUEST_TOKEN_HEADER} header of their order; staff use their session. Answers where to send the payer. Send an Idempotency-Key header to make retries safe.`,
    access: access.guest({ in: 'header', name: GUEST_TOKEN_HEADER }, 'payments.manage'),
    params: ZIdParams,
    status: 201,
    response: ZCheckout,
    idempotent: true,
    errors: [409],
  }),
  sandboxCheckout: endpoint({
    method: 'GET',
    path: '/api/payments/sandbox/:paymentId',
    tag: 'payments',
    summary: "The sandbox provider's checkout: what is being paid",
    access: access.public,
    params: ZPaymentIdParams,
    response: ZSandboxCheckout,
  }),
  sandboxComplete: endpoint({
    method: 'POST',
    path: '/api/payments/sandbox/:paymentId/complete',
    tag: 'payments',
    summary: 'Pay or decline on the sandbox checkout',
    description:
      "Plays the sandbox provider: delivers its signed webhook to /api/payments/webhooks/sandbox, as a real provider would after the payer's choice.",
    access: access.public,
    params: ZPaymentIdParams,
    body: ZSandboxCompleteRequest,
    response: ZSandboxCheckout,
    errors: [409],
  }),
  paymentWebhook: endpoint({
    method: 'POST',
    path: '/api/payments/webhooks/:provider',
    tag: 'payments',
    summary: "A payment provider's signed notification",
    description: `The body is read raw and its signature checked before anything else (the sandbox signs with the ${SANDBOX_SIGNATURE_HEADER} header: t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">; older than 5 minutes is refused). A replayed event changes nothing.`,
    access: access.public,
    params: ZWebhookParams,
    body: ZSandboxWebhookEvent,
    response: ZWebhookAck,
    errors: [400],
  }),
};
