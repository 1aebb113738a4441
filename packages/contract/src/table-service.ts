import { z } from 'zod';
import { textPattern, ZId, ZIdParams, ZRestaurantParams } from './common';
import { access, endpoint } from './endpoint';
import { ZSeat, ZStreamQuery, ZTenderedMinor } from './orders';
import { BILL_SPLIT_MAX_PARTS, SERVICE_REQUEST_MESSAGE_MAX, TIP_MAX_MULTIPLE } from './values/table-service';

export { BILL_SPLIT_MAX_PARTS, SERVICE_REQUEST_MESSAGE_MAX, TIP_MAX_MULTIPLE };

/**
 * The rest of a guest's visit (PRODUCT.md §5, table service): calling staff to the table, the
 * table's bill, and paying it at the table. The table's code (qrToken) is the guest's credential,
 * so no order is needed to call a waiter, and every phone at the table sees the same bill.
 */

/** The code a table's QR carries, as guests send it. */
export const ZQrToken = z
  .string()
  .trim()
  .min(16, { message: 'is not a table code' })
  .max(100)
  .meta({ pattern: textPattern(16) });

// ---------------------------------------------------------------------------------------------
// Service requests

export const SERVICE_REQUEST_KINDS = ['waiter', 'bill', 'message'] as const;
export const ZServiceRequestKind = z.enum(SERVICE_REQUEST_KINDS);
export type TServiceRequestKind = z.infer<typeof ZServiceRequestKind>;

export const SERVICE_REQUEST_STATUSES = ['open', 'acknowledged'] as const;
export const ZServiceRequestStatus = z.enum(SERVICE_REQUEST_STATUSES);
export type TServiceRequestStatus = z.infer<typeof ZServiceRequestStatus>;

/** How many requests one table may send in SERVICE_REQUEST_WINDOW_SECONDS (then 429). */
export const SERVICE_REQUEST_LIMIT = 6;
export const SERVICE_REQUEST_WINDOW_SECONDS = 10 * 60;

export const ZServiceRequest = z.object({
  id: ZId,
  tableId: ZId,
  tableNumber: z.number().int(),
  kind: ZServiceRequestKind,
  /** The guest's words for a "message" (plain text, shown as text); null for the other kinds. */
  message: z.string().nullable(),
  status: ZServiceRequestStatus,
  createdAt: z.iso.datetime(),
  acknowledgedAt: z.iso.datetime().nullable(),
  /** Who acknowledged it (a staff member's name). */
  acknowledgedBy: z.string().nullable(),
});
export type TServiceRequest = z.infer<typeof ZServiceRequest>;

export const ZCreateServiceRequest = z
  .object({
    qrToken: ZQrToken,
    kind: ZServiceRequestKind,
    message: z
      .string()
      .trim()
      .max(SERVICE_REQUEST_MESSAGE_MAX, {
        message: `must be at most ${SERVICE_REQUEST_MESSAGE_MAX} characters`,
      })
      .optional(),
  })
  .strict()
  .refine((body) => body.kind !== 'message' || (body.message ?? '') !== '', {
    message: 'write a message',
    path: ['message'],
  })
  // What the refinement says, for the API document: a message request carries its message.
  .meta({
    anyOf: [
      { properties: { kind: { not: { const: 'message' } } } },
      { required: ['message'], properties: { message: { minLength: 1 } } },
    ],
  });
export type TCreateServiceRequest = z.infer<typeof ZCreateServiceRequest>;

export const ZServiceRequestListQuery = z.object({ status: ZServiceRequestStatus.default('open') });
export type TServiceRequestListQuery = z.infer<typeof ZServiceRequestListQuery>;

export const ZServiceRequestList = z.object({ items: z.array(ZServiceRequest) });
export type TServiceRequestList = z.infer<typeof ZServiceRequestList>;

export const ZUpdateServiceRequest = z
  .object({ status: z.literal('acknowledged', { message: 'must be "acknowledged"' }) })
  .strict();
export type TUpdateServiceRequest = z.infer<typeof ZUpdateServiceRequest>;

export const ZTableCodeQuery = z.object({ qrToken: ZQrToken });
export type TTableCodeQuery = z.infer<typeof ZTableCodeQuery>;

export const ZTableStreamQuery = ZStreamQuery.extend({ qrToken: ZQrToken });

// ---------------------------------------------------------------------------------------------
// The table's bill

/**
 * One line of one order on the bill. A bill shows it at `amountMinor` (its menu price with options),
 * its discount, the service charge and the tip on rows of their own. `totalMinor` is what paying
 * all its units costs: the line's share of its order's total (the order's service charge and tip
 * spread over its lines in proportion, the remainder on the last line), so the lines add up exactly
 * to the bill's total; paying by items is priced from it.
 */
export const ZBillLine = z.object({
  orderId: ZId,
  orderNumber: z.number().int(),
  lineIndex: z.number().int(),
  menuItemId: ZId,
  name: z.string(),
  /** The guest's seat, as staff numbered it; null for a line of no seat (a guest's QR order). */
  seat: z.number().int().nullable(),
  /** The options chosen, with what each adds to a unit. */
  options: z.array(z.object({ group: z.string(), choice: z.string(), priceMinor: z.number().int() })),
  quantity: z.number().int(),
  /** A unit at its menu price with its options. */
  unitPriceMinor: z.number().int(),
  /** The units at their menu price with options, before the discount: unitPriceMinor × quantity. */
  amountMinor: z.number().int(),
  /** What the line's discount takes off amountMinor. */
  discountMinor: z.number().int(),
  /** Units paid for (item by item, or all of them once their order is paid in full). */
  paidQuantity: z.number().int(),
  /** Units in a checkout another phone has started and not finished yet. */
  pendingQuantity: z.number().int(),
  totalMinor: z.number().int(),
});
export type TBillLine = z.infer<typeof ZBillLine>;

export const BILL_PAYMENT_MODES = ['full', 'equal', 'items'] as const;
export const ZBillPaymentMode = z.enum(BILL_PAYMENT_MODES);
export type TBillPaymentMode = z.infer<typeof ZBillPaymentMode>;

/** A payment towards the bill, as every phone at the table sees it. */
export const ZBillPayment = z.object({
  id: ZId,
  /** What went to the bill; the tip is apart from it. */
  amountMinor: z.number().int(),
  tipMinor: z.number().int(),
  method: z.enum(['online', 'cash', 'card', 'transfer']),
  /** How the payer chose the amount; null for payments recorded on single orders. */
  mode: ZBillPaymentMode.nullable(),
  at: z.iso.datetime(),
});
export type TBillPayment = z.infer<typeof ZBillPayment>;

/**
 * The equal split under way at the table: started by its first share, it splits what was free to
 * pay then (due less other checkouts' holds) into `parts` shares of `shareMinor`, the last share
 * taking the remainder. Later shares join it and keep that size. When the bill moves outside the
 * split (a new order, a refund, a cancellation, a payment or hold not of the split), it is `stale`:
 * its next share answers 409 SPLIT_STALE until a phone splits again (`newSplit`).
 */
export const ZBillSplit = z.object({
  id: ZId,
  parts: z.number().int(),
  /** What the split splits: what was free to pay when its first share started. */
  dueMinor: z.number().int(),
  /** Each share but the last: floor(dueMinor / parts). */
  shareMinor: z.number().int(),
  /** Shares paid. */
  paidShares: z.number().int(),
  /** Shares paid or being paid (a checkout started and not finished). */
  takenShares: z.number().int(),
  /** What the next share asks: shareMinor, the remainder for the last one, 0 when all are taken. */
  nextShareMinor: z.number().int(),
  /** The bill moved outside the split since it started: its shares no longer settle the bill. */
  stale: z.boolean(),
});
export type TBillSplit = z.infer<typeof ZBillSplit>;

/**
 * The bill of the table's current visit: its orders since the last bill was settled or closed
 * (cancelled orders are not on it). Empty (no lines) while the table has no order.
 */
export const ZTableBill = z.object({
  visitId: ZId,
  tableId: ZId,
  tableNumber: z.number().int(),
  currency: z.string(),
  lines: z.array(ZBillLine),
  /** The lines at their menu price with options, before discounts (the sum of their amountMinor). */
  itemsMinor: z.number().int(),
  /** The orders' discounts. */
  discountMinor: z.number().int(),
  /** The orders' service charges: a row of its own on the bill, never spread into the lines. */
  serviceChargeMinor: z.number().int(),
  /** Tips added to orders when they were placed (in totalMinor; tips paid with payments are tipsMinor). */
  orderTipsMinor: z.number().int(),
  /** items − discounts + service charge (+ tax added) + the orders' tips. */
  totalMinor: z.number().int(),
  paidMinor: z.number().int(),
  /** totalMinor − paidMinor (never below 0). */
  dueMinor: z.number().int(),
  /** Held by checkouts started and not yet finished (they may still fail or expire). */
  pendingMinor: z.number().int(),
  tipsMinor: z.number().int(),
  payments: z.array(ZBillPayment),
  /** The equal split under way (some share paid or being paid, not all paid); null otherwise. */
  split: ZBillSplit.nullable(),
});
export type TTableBill = z.infer<typeof ZTableBill>;

/** One table's bill in a few figures, for the staff's overview of the room. */
export const ZTableBillSummary = z.object({
  tableId: ZId,
  tableNumber: z.number().int(),
  visitId: ZId,
  orders: z.number().int(),
  totalMinor: z.number().int(),
  paidMinor: z.number().int(),
  dueMinor: z.number().int(),
  /** When the visit's first order was placed. */
  openedAt: z.iso.datetime(),
});
export type TTableBillSummary = z.infer<typeof ZTableBillSummary>;

export const ZTableBillList = z.object({ currency: z.string(), items: z.array(ZTableBillSummary) });
export type TTableBillList = z.infer<typeof ZTableBillList>;

/** Staff end a visit; with `payRestWith`, what is still due is first recorded as paid that way. */
export const ZCloseBillRequest = z.object({ payRestWith: z.enum(['cash', 'card']).optional() }).strict();
export type TCloseBillRequest = z.infer<typeof ZCloseBillRequest>;

export const ZClosedBill = z.object({
  /** The visit that ended. */
  visitId: ZId,
  /** What `payRestWith` recorded (0 without it, or when nothing was due). */
  settledMinor: z.number().int(),
  /** The table's next, empty bill. */
  bill: ZTableBill,
});
export type TClosedBill = z.infer<typeof ZClosedBill>;

// ---------------------------------------------------------------------------------------------
// Staff take payment at the table (PRODUCT.md §9, finishing a table)

export const STAFF_BILL_PAYMENT_MODES = ['full', 'seat', 'amount'] as const;
export type TStaffBillPaymentMode = (typeof STAFF_BILL_PAYMENT_MODES)[number];

const ZStaffMethod = z.enum(['cash', 'card'], { message: 'must be cash or card' });

/**
 * What a waiter takes at the table: the whole of what is due, the unpaid items of one seat, or an
 * amount; by cash (with what was handed over, for the change) or card (as the terminal took it).
 */
export const ZTakeBillPaymentRequest = z.discriminatedUnion('mode', [
  z
    .object({ mode: z.literal('full'), method: ZStaffMethod, tenderedMinor: ZTenderedMinor.optional() })
    .strict()
    .meta({ title: 'The whole bill', description: 'What is due and no checkout holds' }),
  z
    .object({
      mode: z.literal('seat'),
      seat: ZSeat,
      method: ZStaffMethod,
      tenderedMinor: ZTenderedMinor.optional(),
    })
    .strict()
    .meta({ title: 'One seat', description: "The unpaid units of the seat's lines" }),
  z
    .object({
      mode: z.literal('amount'),
      amountMinor: z
        .number({ message: 'must be a number' })
        .int({ message: 'must be a whole number of minor units' })
        .min(1, { message: 'must be at least 1' })
        .max(100_000_000),
      method: ZStaffMethod,
      tenderedMinor: ZTenderedMinor.optional(),
    })
    .strict()
    .meta({ title: 'An amount', description: 'Part of what is due, spread over the orders' }),
]);
export type TTakeBillPaymentRequest = z.infer<typeof ZTakeBillPaymentRequest>;

export const ZTakenBillPayment = z.object({
  /** The bill payment (one payment per order it paid, one receipt). */
  paymentId: ZId,
  mode: z.enum(STAFF_BILL_PAYMENT_MODES),
  seat: z.number().int().nullable(),
  method: z.enum(['cash', 'card']),
  amountMinor: z.number().int(),
  tenderedMinor: z.number().int().nullable(),
  /** What to hand back: tendered less the amount (cash), else 0. */
  changeMinor: z.number().int(),
  /** The receipt it issued: to print, e-mail, or not. */
  receiptId: ZId.nullable(),
  /** The table's bill after it: the next, empty one when this paid the last of it. */
  bill: ZTableBill,
  /** Whether this payment settled the bill (the visit ended). */
  settled: z.boolean(),
});
export type TTakenBillPayment = z.infer<typeof ZTakenBillPayment>;

// ---------------------------------------------------------------------------------------------
// Paying at the table

/** How long an unfinished checkout holds its items and amount (then others may pay them). */
export const BILL_CHECKOUT_HOLD_MINUTES = 15;

export const ZBillItemChoice = z.object({
  orderId: ZId,
  lineIndex: z.number().int().min(0),
  quantity: z.number().int().min(1, { message: 'must be at least 1' }).max(999),
});
export type TBillItemChoice = z.infer<typeof ZBillItemChoice>;

const PARTS_RULE = 'send parts with mode "equal", and only then';
const ITEMS_RULE = 'send items with mode "items", and only then';
const NEW_SPLIT_RULE = 'send newSplit with mode "equal" only';

/** A field that belongs to another mode: absent (in the document, `not: {}`), and why if sent. */
const ofAnotherMode = (rule: string) => z.never({ error: rule }).optional();
/** A field this mode needs: when it is missing, the rule says why. */
const missingSays = (rule: string) => (issue: { input: unknown }) =>
  issue.input === undefined ? rule : undefined;

const ZTipMinor = z.number().int().min(0, { message: 'must not be negative' }).max(100_000_000).optional();

/**
 * One body per mode, told apart by `mode`: in the API document a `oneOf` whose every branch lists
 * its fields, so a client sees which fields go with which mode. A field of another mode answers 400
 * on that field, saying which mode it belongs to.
 */
export const ZBillCheckoutRequest = z.discriminatedUnion(
  'mode',
  [
    z
      .object({
        qrToken: ZQrToken,
        mode: z.literal('full'),
        parts: ofAnotherMode(PARTS_RULE),
        newSplit: ofAnotherMode(NEW_SPLIT_RULE),
        items: ofAnotherMode(ITEMS_RULE),
        tipMinor: ZTipMinor,
      })
      .strict()
      .meta({ title: 'The whole bill', description: 'What is due and no other checkout holds' }),
    z
      .object({
        qrToken: ZQrToken,
        mode: z.literal('equal'),
        /**
         * How many ways the bill is split (2–20). While a split is under way (the bill's `split`), a
         * share joins it and must have its parts.
         */
        parts: z
          .number({ error: missingSays(PARTS_RULE) })
          .int()
          .min(2, { message: 'must be at least 2' })
          .max(BILL_SPLIT_MAX_PARTS),
        /**
         * Split again, when the bill says its split is stale, sharing what is due now. A split
         * another phone has already started again is joined instead.
         */
        newSplit: z.boolean().optional(),
        items: ofAnotherMode(ITEMS_RULE),
        tipMinor: ZTipMinor,
      })
      .strict()
      .meta({ title: 'An equal share', description: 'One share of the bill split `parts` ways' }),
    z
      .object({
        qrToken: ZQrToken,
        mode: z.literal('items'),
        parts: ofAnotherMode(PARTS_RULE),
        newSplit: ofAnotherMode(NEW_SPLIT_RULE),
        /** The lines and how many of each unit. */
        items: z
          .array(ZBillItemChoice, { error: missingSays(ITEMS_RULE) })
          .min(1, { message: 'choose at least one item' })
          .max(200),
        tipMinor: ZTipMinor,
      })
      .strict()
      .meta({ title: 'Chosen items', description: 'Units of the bill’s lines' }),
  ],
  // A mode that is none of these, said as the modes' enum says it.
  {
    error: (issue) =>
      issue.code === 'invalid_union'
        ? `Invalid option: expected one of ${BILL_PAYMENT_MODES.map((mode) => `"${mode}"`).join('|')}`
        : undefined,
  },
);
export type TBillCheckoutRequest = z.infer<typeof ZBillCheckoutRequest>;

export const ZBillCheckout = z.object({
  paymentId: ZId,
  /** The provider's page: send the payer there. */
  checkoutUrl: z.string(),
  /** What goes to the bill. */
  amountMinor: z.number().int(),
  tipMinor: z.number().int(),
  currency: z.string(),
});
export type TBillCheckout = z.infer<typeof ZBillCheckout>;

export const ZBillPaymentParams = z.object({ paymentId: ZId });

/** What the payer keeps after paying: the receipt of one payment towards the table's bill. */
export const ZBillReceipt = z.object({
  paymentId: ZId,
  status: z.enum(['pending', 'succeeded', 'failed']),
  restaurantName: z.string(),
  tableNumber: z.number().int(),
  currency: z.string(),
  mode: ZBillPaymentMode,
  /** For `equal`: the number of ways. */
  parts: z.number().int().nullable(),
  /** For `items`: what was paid for. */
  items: z.array(
    z.object({
      /** The dish, so a guest's page names it in the guest's language; `name` is the working language's. */
      menuItemId: ZId.nullable(),
      name: z.string(),
      quantity: z.number().int(),
      amountMinor: z.number().int(),
    }),
  ),
  amountMinor: z.number().int(),
  tipMinor: z.number().int(),
  /** When it succeeded; null until then. */
  paidAt: z.iso.datetime().nullable(),
  /** The receipt issued for it once it succeeded (GET /api/receipts/{id} with the table's code); null before. */
  receiptId: ZId.nullable(),
  createdAt: z.iso.datetime(),
});
export type TBillReceipt = z.infer<typeof ZBillReceipt>;

const tableCode = access.guest({ in: 'query', name: 'qrToken' });

export const serviceRequestsEndpoints = {
  createServiceRequest: endpoint({
    method: 'POST',
    path: '/api/service-requests',
    tag: 'table service',
    summary: 'Call staff to the table (a guest, with the table’s code)',
    description: `No order is needed: the table's code is the credential. An open request of the same kind from the table ("waiter" or "bill") is answered again rather than doubled. A table may send ${SERVICE_REQUEST_LIMIT} requests in ${SERVICE_REQUEST_WINDOW_SECONDS / 60} minutes, then 429. An unknown or rotated code answers 404.`,
    access: access.guest({ in: 'body', name: 'qrToken' }),
    body: ZCreateServiceRequest,
    status: 201,
    response: ZServiceRequest,
    errors: [429],
  }),
  listTableServiceRequests: endpoint({
    method: 'GET',
    path: '/api/service-requests/table',
    tag: 'table service',
    summary: "The table's requests of the last hour (a guest, with the table's code)",
    access: tableCode,
    query: ZTableCodeQuery,
    response: ZServiceRequestList,
  }),
  listServiceRequests: endpoint({
    method: 'GET',
    path: '/api/service-requests',
    tag: 'table service',
    summary: "The session's restaurant's requests by status, oldest first (open ones by default)",
    description: 'Acknowledged requests are those of the last 24 hours, newest first.',
    access: access.permission('orders.view'),
    query: ZServiceRequestListQuery,
    response: ZServiceRequestList,
  }),
  acknowledgeServiceRequest: endpoint({
    method: 'PUT',
    path: '/api/service-requests/:id',
    tag: 'table service',
    summary: 'Acknowledge a request: the guest sees someone is on the way',
    description: 'Acknowledging one already acknowledged answers it as it is.',
    access: access.permission('orders.manage'),
    params: ZIdParams,
    body: ZUpdateServiceRequest,
    response: ZServiceRequest,
  }),
};

export const tableServiceEndpoints = {
  tableStream: endpoint({
    method: 'GET',
    path: '/api/tables/stream',
    tag: 'table service',
    summary: 'Live events of one table, for every phone at it',
    description:
      "Server-sent events for the holder of the table's code: menu.updated, bill.updated and service_request.updated (each with an id; reconnect with Last-Event-ID or lastEventId to replay what was missed), a ready event, and a heartbeat comment at most every 15 s.",
    access: tableCode,
    query: ZTableStreamQuery,
    produces: 'text/event-stream',
  }),
  getTableBill: endpoint({
    method: 'GET',
    path: '/api/tables/bill',
    tag: 'table service',
    summary: "The bill of the table's current visit (a guest, with the table's code)",
    access: tableCode,
    query: ZTableCodeQuery,
    response: ZTableBill,
  }),
  startBillCheckout: endpoint({
    method: 'POST',
    path: '/api/tables/bill/checkout',
    tag: 'table service',
    summary: 'Pay the whole bill, an equal share, or chosen items, with a tip',
    description:
      "Answers where to send the payer. Items already paid, or held by another unfinished checkout, answer 409 CONFLICT with what is left: each line short in `itemsTaken` (what is left of it, and whether another phone is paying for it), and under `items.N.quantity` in `fields`; a bill with nothing due answers 409 too. An equal share starts a split of what is due (less what other checkouts hold) or joins the split under way (the bill's `split`; another number of parts answers 409): its shares keep one size and add up exactly to what was split, the last one taking the remainder. When the bill moved outside the split (a new order, a refund, another payment), its next share answers 409 SPLIT_STALE until one is sent with `newSplit`, splitting what is due now. The tip is paid with the amount and recorded apart from revenue; a tip above the amount answers 422. Send an Idempotency-Key header to make retries safe.",
    access: access.guest({ in: 'body', name: 'qrToken' }),
    body: ZBillCheckoutRequest,
    status: 201,
    response: ZBillCheckout,
    idempotent: true,
    errors: [409, 422],
  }),
  getBillReceipt: endpoint({
    method: 'GET',
    path: '/api/tables/bill/payments/:paymentId',
    tag: 'table service',
    summary: 'The receipt of a payment towards the table’s bill (a guest, with the table’s code)',
    access: tableCode,
    params: ZBillPaymentParams,
    query: ZTableCodeQuery,
    response: ZBillReceipt,
  }),
  listTableBills: endpoint({
    method: 'GET',
    path: '/api/tables/restaurant/:restaurantId/bills',
    restaurantParam: 'restaurantId',
    tag: 'table service',
    summary: 'Every table with an open bill, and what is still due',
    access: access.permission('orders.view'),
    params: ZRestaurantParams,
    response: ZTableBillList,
  }),
  getStaffTableBill: endpoint({
    method: 'GET',
    path: '/api/tables/:id/bill',
    tag: 'table service',
    summary: "The bill of a table's current visit",
    access: access.permission('orders.view'),
    params: ZIdParams,
    response: ZTableBill,
  }),
  closeTableBill: endpoint({
    method: 'POST',
    path: '/api/tables/:id/bill/close',
    tag: 'table service',
    summary: "End the table's visit, first recording what is due as paid by cash or card if asked",
    description:
      'The next order at the table starts a new bill. Send an Idempotency-Key header to make retries safe.',
    access: access.permission('payments.manage'),
    params: ZIdParams,
    body: ZCloseBillRequest,
    response: ZClosedBill,
    idempotent: true,
  }),
  takeBillPayment: endpoint({
    method: 'POST',
    path: '/api/tables/:id/bill/payments',
    tag: 'table service',
    summary: 'Take cash or card at the table: the whole bill, one seat, or an amount',
    description:
      "Needs payments.take or payments.manage (refunds stay with payments.manage). `seat` pays the unpaid units of that seat's lines; `amount` at most what is due and no checkout holds (else 422); nothing left to pay answers 409. With cash, `tenderedMinor` (at least the amount, else 422) gives `changeMinor`. One receipt is issued; paying the last of the bill ends the visit. Send an Idempotency-Key header: a retry answers the first payment, never a second.",
    access: access.permission('payments.take', 'payments.manage'),
    params: ZIdParams,
    body: ZTakeBillPaymentRequest,
    status: 201,
    response: ZTakenBillPayment,
    idempotent: true,
    errors: [409, 422],
  }),
};
