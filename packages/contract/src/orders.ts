import { z } from 'zod';
import { textPattern, ZId, ZIdParams, ZRestaurantParams } from './common';
import { access, endpoint } from './endpoint';
import { ZTaxPart } from './taxes';
import { KITCHEN_STATUSES } from './values/kitchen';
import {
  FINAL_ORDER_STATUSES,
  GUEST_TOKEN_HEADER,
  IDEMPOTENCY_KEY_HEADER,
  MAX_COURSE,
  MAX_LINE_QUANTITY,
  MAX_ORDER_LINES,
  MAX_SEAT,
  ORDER_STATUSES,
  ORDER_TRANSITIONS,
  PAYMENT_METHODS,
} from './values/orders';

export {
  FINAL_ORDER_STATUSES,
  GUEST_TOKEN_HEADER,
  IDEMPOTENCY_KEY_HEADER,
  MAX_COURSE,
  MAX_LINE_QUANTITY,
  MAX_ORDER_LINES,
  MAX_SEAT,
  ORDER_STATUSES,
  ORDER_TRANSITIONS,
  PAYMENT_METHODS,
};

export const ZOrderStatus = z.enum(ORDER_STATUSES);
export type TOrderStatus = z.infer<typeof ZOrderStatus>;

/** Orders still under way ("current"): every status but the final ones. */
export const OPEN_ORDER_STATUSES: readonly TOrderStatus[] = ORDER_STATUSES.filter(
  (status) => !FINAL_ORDER_STATUSES.includes(status),
);

export const ZPaymentStatus = z.enum(['unpaid', 'paid', 'refunded', 'partially_refunded']);
export type TPaymentStatus = z.infer<typeof ZPaymentStatus>;

const ZOptionName = z
  .string()
  .trim()
  .min(1, { message: 'is required' })
  .max(80)
  .meta({ pattern: textPattern(1) });

/** A guest's seat at the table, as staff number them. */
export const ZSeat = z
  .number({ message: 'must be a number' })
  .int({ message: 'must be a whole number' })
  .min(1, { message: 'must be at least 1' })
  .max(MAX_SEAT, { message: `must be at most ${MAX_SEAT}` });

/** A line's course: 0 fires at once (drinks, anything served as it comes), 1–5 in turn. */
export const ZCourse = z
  .number({ message: 'must be a number' })
  .int({ message: 'must be a whole number' })
  .min(0, { message: 'must be at least 0' })
  .max(MAX_COURSE, { message: `must be at most ${MAX_COURSE}` });

// Not strict: a client may echo prices it was shown; they are dropped, never trusted.
const ZChosenOption = z.object({ group: ZOptionName, choice: ZOptionName });

export const ZOrderLineRequest = z.object({
  menuItemId: ZId,
  quantity: z
    .number({ message: 'must be a number' })
    .int({ message: 'must be a whole number' })
    .min(1, { message: 'must be at least 1' })
    .max(MAX_LINE_QUANTITY, { message: `must be at most ${MAX_LINE_QUANTITY}` }),
  options: z.array(ZChosenOption).max(60).optional(),
  note: z.string().trim().max(200, { message: 'must be at most 200 characters' }).optional(),
  /** Staff orders: the guest's seat at the table (PRODUCT.md §9). */
  seat: ZSeat.optional(),
  /** 0 at once (drinks and the like), 1–5 courses; the category's when absent (PRODUCT.md §10). */
  course: ZCourse.optional(),
});
export type TOrderLineRequest = z.infer<typeof ZOrderLineRequest>;

const orderFields = {
  items: z
    .array(ZOrderLineRequest)
    .min(1, { message: 'must have at least one item' })
    .max(MAX_ORDER_LINES, { message: `must have at most ${MAX_ORDER_LINES} lines` }),
  note: z.string().trim().max(500, { message: 'must be at most 500 characters' }).optional(),
  customerName: z.string().trim().max(80, { message: 'must be at most 80 characters' }).optional(),
};

/**
 * A guest's order carries the table's qrToken; staff send a tableId with their session. Prices and
 * totals are never taken from the client (extra fields such as `priceMinor` are ignored).
 */
export const ZCreateOrderRequest = z
  .object({
    ...orderFields,
    qrToken: z
      .string()
      .trim()
      .min(16)
      .max(100)
      .meta({ pattern: textPattern(16) })
      .optional(),
    tableId: ZId.optional(),
    tipMinor: z
      .number({ message: 'must be a number' })
      .int({ message: 'must be a whole number of minor units' })
      .min(0, { message: 'must be at least 0' })
      .max(10_000_000)
      .optional(),
  })
  .refine((body) => (body.qrToken === undefined) !== (body.tableId === undefined), {
    message: 'send either qrToken (guest) or tableId (staff)',
    path: ['qrToken'],
  })
  // What the refinement says, for the API document: exactly one of the two.
  .meta({ oneOf: [{ required: ['qrToken'] }, { required: ['tableId'] }] });
export type TCreateOrderRequest = z.infer<typeof ZCreateOrderRequest>;

/** Where a line is in the kitchen (PRODUCT.md §10). */
export const ZKitchenStatus = z.enum(KITCHEN_STATUSES);
export type TKitchenStatus = z.infer<typeof ZKitchenStatus>;

/**
 * What a station has not acknowledged yet about a line it was sent: units voided, a change (the
 * line as the station last saw it in `was`), or a ready line recalled. The station screen shows the
 * line marked (VOID, CHANGED, RECALLED) with a sound until the cook acknowledges it (PRODUCT.md §10).
 */
export const ZKitchenNotice = z.object({
  kind: z.enum(['voided', 'changed', 'recalled']),
  at: z.iso.datetime(),
  /** The line as the station last saw it (before the first change not acknowledged); null for a recall. */
  was: z
    .object({
      quantity: z.number().int(),
      options: z.array(z.object({ group: z.string(), choice: z.string() })),
      note: z.string().nullable(),
      seat: z.number().int().nullable(),
      course: z.number().int(),
    })
    .nullable(),
});
export type TKitchenNotice = z.infer<typeof ZKitchenNotice>;

export const ZOrderLine = z.object({
  menuItemId: ZId,
  name: z.string(),
  unitPriceMinor: z.number().int(),
  /** Units still on the order; voided ones are counted in voidedQuantity instead. */
  quantity: z.number().int(),
  options: z.array(z.object({ group: z.string(), choice: z.string(), priceMinor: z.number().int() })),
  note: z.string().nullable(),
  seat: z.number().int().nullable(),
  course: z.number().int().nullable(),
  /** Units voided after they were ordered: shown struck through, out of every total. */
  voidedQuantity: z.number().int(),
  /** This line's part of the order's discounts (already taken off lineTotalMinor). */
  discountMinor: z.number().int(),
  /** (unit price + options) × quantity − discountMinor. */
  lineTotalMinor: z.number().int(),
  /** The station that prepares it (the dish's, else its category's, else Kitchen). */
  stationId: ZId.nullable(),
  kitchenStatus: ZKitchenStatus,
  /** When its course was fired (sent to the station); null while held. */
  firedAt: z.iso.datetime().nullable(),
  /** When the station started it; null before. */
  startedAt: z.iso.datetime().nullable(),
  /** When the station made it ready; null before (and after a recall). */
  readyAt: z.iso.datetime().nullable(),
  /** When units of it were last voided; null if none were. */
  voidedAt: z.iso.datetime().nullable(),
  /** What its station has yet to acknowledge (a void, a change, a recall); null when nothing. */
  kitchenNotice: ZKitchenNotice.nullable(),
  /**
   * Its tax, at the rate frozen on it at order time, on what it charges (lineTotalMinor): with
   * prices including tax net + tax = lineTotalMinor, excluding tax net = lineTotalMinor.
   */
  tax: ZTaxPart,
});
export type TOrderLine = z.infer<typeof ZOrderLine>;

export const ZStatusChange = z.object({
  status: ZOrderStatus,
  at: z.iso.datetime(),
  /** Who made the move: "guest", or a staff member / owner by name. */
  by: z.object({
    type: z.enum(['guest', 'owner', 'staff', 'system']),
    id: z.string().nullable(),
    name: z.string(),
  }),
  reason: z.string().nullable(),
});
export type TStatusChange = z.infer<typeof ZStatusChange>;

export const ZOrder = z.object({
  id: ZId,
  number: z.number().int(),
  tableId: ZId.nullable(),
  tableNumber: z.number().int(),
  source: z.enum(['qr', 'staff']),
  /** Who took a staff order; null for a guest's. */
  takenBy: z.object({ id: ZId, name: z.string() }).nullable(),
  status: ZOrderStatus,
  items: z.array(ZOrderLine),
  /** The sum of the lines (after their discounts). */
  subtotalMinor: z.number().int(),
  /** Discounts given on the order (already taken off its lines and subtotal). */
  discountMinor: z.number().int(),
  serviceChargeMinor: z.number().int(),
  tipMinor: z.number().int(),
  /** Whether its prices included tax when it was placed (frozen with the lines' rates). */
  pricesIncludeTax: z.boolean(),
  /** The lines' and the service charge's net and tax: netMinor + taxMinor + tipMinor = totalMinor. */
  netMinor: z.number().int(),
  taxMinor: z.number().int(),
  /** netMinor and taxMinor by rate. */
  taxes: z.array(ZTaxPart),
  /** The service charge's tax (at the default rate when the order was placed). */
  serviceChargeTax: ZTaxPart,
  totalMinor: z.number().int(),
  /** Succeeded payments minus refunds. */
  paidMinor: z.number().int(),
  paymentStatus: ZPaymentStatus,
  currency: z.string(),
  note: z.string().nullable(),
  customerName: z.string().nullable(),
  statusHistory: z.array(ZStatusChange),
  /** 1 when placed, one more with every change: of two copies, the higher version is the newer. */
  version: z.number().int().min(1),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type TOrder = z.infer<typeof ZOrder>;

/** The answer to a guest's order: the order and the token that lets this guest (only) follow it. */
export const ZCreatedOrder = ZOrder.extend({ guestToken: z.string().optional() });
export type TCreatedOrder = z.infer<typeof ZCreatedOrder>;

export const ZOrderPage = z.object({
  items: z.array(ZOrder),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type TOrderPage = z.infer<typeof ZOrderPage>;

export const ZUpdateOrderStatusRequest = z
  .object({
    status: ZOrderStatus,
    reason: z
      .string()
      .trim()
      .min(1, { message: 'is required' })
      .max(300)
      .meta({ pattern: textPattern(1) })
      .optional(),
  })
  .strict()
  // Cancelling needs a reason (the service refuses one without, 400).
  .meta({
    anyOf: [{ properties: { status: { not: { const: 'cancelled' } } } }, { required: ['reason'] }],
  });
export type TUpdateOrderStatusRequest = z.infer<typeof ZUpdateOrderStatusRequest>;

/** A calendar date (YYYY-MM-DD that exists) or an ISO date-time, its year (as written) 1970 to 9998. */
export function isDateBound(value: string): boolean {
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(value);
  if (!dateOnly && !/^\d{4}-\d{2}-\d{2}T/.test(value)) return false;
  const date = new Date(dateOnly ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(date.getTime())) return false;
  // 2025-02-31 would roll over to March; a date must be the one written.
  if (dateOnly && date.toISOString().slice(0, 10) !== value) return false;
  // The year written, as the API document bounds it: an offset does not move 1970-01-01T00:30+01:00 out.
  const year = Number(value.slice(0, 4));
  return year >= 1970 && year <= 9998;
}

/** What isDateBound accepts, as the API document can say it: its shape here, the date's existence by format. */
const DATE_BOUND_PATTERN =
  '^(?:19[7-9]\\d|[2-8]\\d{3}|9[0-8]\\d{2}|99[0-8]\\d|999[0-8])-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\\d|3[01])' +
  '(?:T(?:[01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d(?:\\.\\d{1,9})?(?:Z|[+-](?:[01]\\d|2[0-3]):[0-5]\\d))?$';

export const ZDateBound = z
  .string()
  .trim()
  .refine(isDateBound, {
    message: 'must be a date (YYYY-MM-DD, in the restaurant time zone) or an ISO date-time',
  })
  // What the refinement says, for the API document: years 1970–9998, and a date that exists (the
  // formats; 31 February is neither). The server also reads a date-time without its seconds.
  .meta({
    pattern: DATE_BOUND_PATTERN,
    anyOf: [{ format: 'date' }, { format: 'date-time' }],
    description:
      'A calendar date (YYYY-MM-DD, in the restaurant time zone) or an RFC 3339 date-time with its offset, years 1970 to 9998',
    examples: ['2026-11-26', '2026-11-26T18:30:00Z'],
  });

/** Filters of the order lists: "current" = not final, "past" = completed or cancelled. */
export const ZOrderListQuery = z.object({
  status: z.union([z.enum(['current', 'past']), ZOrderStatus]).optional(),
  from: ZDateBound.optional(),
  to: ZDateBound.optional(),
  // Tables are numbered up to 100 000 (a larger number is no table's, and overflows the column).
  table: z.coerce.number().int().min(1).max(100_000).optional(),
  /** An order number, or part of the customer's name. */
  q: z.string().trim().max(80).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type TOrderListQuery = z.infer<typeof ZOrderListQuery>;

export const ZPaymentMethod = z.enum(PAYMENT_METHODS);
export type TPaymentMethod = z.infer<typeof ZPaymentMethod>;

export const ZPayment = z.object({
  id: ZId,
  orderId: ZId,
  amountMinor: z.number().int(),
  method: ZPaymentMethod,
  status: z.enum(['pending', 'succeeded', 'failed', 'refunded']),
  feeMinor: z.number().int(),
  refundedMinor: z.number().int(),
  reference: z.string().nullable(),
  recordedBy: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type TPayment = z.infer<typeof ZPayment>;

/** Cash a guest hands over, in minor units: at least the amount paid (else 422). */
export const ZTenderedMinor = z
  .number({ message: 'must be a number' })
  .int({ message: 'must be a whole number of minor units' })
  .min(1, { message: 'must be at least 1' })
  .max(100_000_000, { message: 'must be at most 100000000' });

/** Staff record cash, card or transfer payments; online ones go through the payment provider. */
export const ZRecordPaymentRequest = z
  .object({
    method: z.enum(['cash', 'card', 'transfer'], { message: 'must be cash, card or transfer' }),
    amountMinor: z
      .number({ message: 'must be a number' })
      .int({ message: 'must be a whole number of minor units' })
      .min(1, { message: 'must be at least 1' }),
    reference: z.string().trim().max(120).optional(),
    /** Cash handed over (cash only): the answer says the change due, tendered less the amount. */
    tenderedMinor: ZTenderedMinor.optional(),
  })
  .strict();
export type TRecordPaymentRequest = z.infer<typeof ZRecordPaymentRequest>;

export const ZRecordedPayment = z.object({
  payment: ZPayment,
  order: ZOrder,
  /** What to hand back: tendered less the amount for cash with tenderedMinor, else 0. */
  changeMinor: z.number().int(),
});
export type TRecordedPayment = z.infer<typeof ZRecordedPayment>;

/** A stream resumes after the last event its client saw: the Last-Event-ID header, or this. */
export const ZStreamQuery = z.object({ lastEventId: z.string().max(20).optional() });

export const ZGuestStreamQuery = ZStreamQuery.extend({ guestToken: z.string().min(1).max(200) });

export const ordersEndpoints = {
  placeOrder: endpoint({
    method: 'POST',
    path: '/api/orders',
    tag: 'orders',
    summary: 'Place an order',
    description:
      'A guest sends the qrToken of their table; staff send tableId with their session. Prices and totals are computed by the server. A dish with a stock count gives its units in the same transaction: asking for more than is left answers 409 OUT_OF_STOCK, naming each dish short and what is left of it (`outOfStock`, and `items.N.quantity` in `fields`). Send an Idempotency-Key header to make retries safe.',
    access: access.guest({ in: 'body', name: 'qrToken' }, 'orders.create'),
    body: ZCreateOrderRequest,
    status: 201,
    response: ZCreatedOrder,
    idempotent: true,
    errors: [409, 422, 429],
  }),
  getOrder: endpoint({
    method: 'GET',
    path: '/api/orders/:id',
    tag: 'orders',
    summary: 'Read one order',
    description: `Staff read any order of their restaurant; a guest reads their own with the ${GUEST_TOKEN_HEADER} header.`,
    access: access.guest({ in: 'header', name: GUEST_TOKEN_HEADER }, 'orders.view'),
    params: ZIdParams,
    response: ZOrder,
  }),
  listOrders: endpoint({
    method: 'GET',
    path: '/api/orders/restaurant/:restaurantId',
    tag: 'orders',
    summary: "List the restaurant's orders, newest first",
    access: access.permission('orders.view'),
    params: ZRestaurantParams,
    query: ZOrderListQuery,
    response: ZOrderPage,
  }),
  exportOrdersCsv: endpoint({
    method: 'GET',
    path: '/api/orders/restaurant/:restaurantId/export.csv',
    tag: 'orders',
    summary: 'Export the filtered orders as CSV',
    access: access.permission('orders.view'),
    params: ZRestaurantParams,
    query: ZOrderListQuery,
    produces: 'text/csv',
  }),
  updateOrderStatus: endpoint({
    method: 'PUT',
    path: '/api/orders/:id/status',
    tag: 'orders',
    summary: 'Move an order along its lifecycle',
    description:
      'A cancelled order gives the units it still has (those not voided) back to their dishes’ stock counts.',
    access: access.permission('orders.manage'),
    params: ZIdParams,
    body: ZUpdateOrderStatusRequest,
    response: ZOrder,
    // A move queued through a Wi-Fi drop is sent again with its key: a lost answer is not a refusal.
    idempotent: true,
    errors: [409],
  }),
  restaurantStream: endpoint({
    method: 'GET',
    path: '/api/orders/stream',
    tag: 'orders',
    summary: "Live events of the session's restaurant",
    description:
      'Server-sent events: order.created, order.updated, menu.updated (each with an id; reconnect with Last-Event-ID to replay what was missed), a ready event, and a heartbeat comment at most every 15 s.',
    access: access.permission('orders.view'),
    query: ZStreamQuery,
    produces: 'text/event-stream',
  }),
  guestOrderStream: endpoint({
    method: 'GET',
    path: '/api/orders/:id/stream',
    tag: 'orders',
    summary: "Live events of a guest's order",
    description: "Server-sent events of one guest's order (order.updated), for the guest holding its token.",
    access: access.guest({ in: 'query', name: 'guestToken' }),
    params: ZIdParams,
    query: ZGuestStreamQuery,
    produces: 'text/event-stream',
  }),
  recordPayment: endpoint({
    method: 'POST',
    path: '/api/orders/:id/payments',
    tag: 'payments',
    summary: 'Record a payment taken by staff',
    description:
      'Records a cash, card or transfer payment. With cash, `tenderedMinor` (what the guest handed over, at least the amount: else 422) gives `changeMinor`. Taking a payment needs payments.take or payments.manage; refunds need payments.manage. Send an Idempotency-Key header to make retries safe.',
    access: access.permission('payments.take', 'payments.manage'),
    params: ZIdParams,
    body: ZRecordPaymentRequest,
    status: 201,
    response: ZRecordedPayment,
    idempotent: true,
    errors: [409, 422],
  }),
};
