import { z } from 'zod';
import { ZId, ZIdParams } from './common';
import { access, endpoint } from './endpoint';
import { ZDateBound, ZPaymentMethod } from './orders';
import { ZTaxPart } from './taxes';
import { DEFAULT_BUSINESS_DAY_STARTS_AT, receiptNumberOf } from './values/taxes';

export { DEFAULT_BUSINESS_DAY_STARTS_AT, receiptNumberOf };

/*
 * Receipts and the day's close (PRODUCT.md §11). Every succeeded payment issues a receipt for what
 * it paid, every refund a credit note pointing at its receipt; numbers are per restaurant and year,
 * gap-free and in order. A receipt is frozen when issued: the seller's legal block, the lines, the
 * taxes. A credit note's figures are negative, so a period's receipts and credit notes add up to
 * what was sold and kept.
 */

export const ZReceiptKind = z.enum(['receipt', 'credit_note']);
export type TReceiptKind = z.infer<typeof ZReceiptKind>;

/** The calendar date of a business day, in the restaurant's time zone. */
export const ZBusinessDate = z
  .string()
  .regex(/^\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])$/, { message: 'must be a date (YYYY-MM-DD)' })
  .meta({ format: 'date', examples: ['2026-11-26'] });

export const ZReceiptSeller = z.object({
  name: z.string(),
  legalName: z.string().nullable(),
  taxId: z.string().nullable(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
});
export type TReceiptSeller = z.infer<typeof ZReceiptSeller>;

export const ZReceiptLine = z.object({
  name: z.string(),
  /** The options chosen, as "group: choice". */
  options: z.array(z.string()),
  quantity: z.number().int(),
  unitPriceMinor: z.number().int(),
  /** What the units charge, after their discount (net with prices excluding tax). */
  totalMinor: z.number().int(),
  /**
   * What their discount took off (receipts issued before it was recorded say 0): the line reads at
   * totalMinor + discountMinor, the discount on a row of its own.
   */
  discountMinor: z.number().int(),
  rateBasisPoints: z.number().int(),
});
export type TReceiptLine = z.infer<typeof ZReceiptLine>;

export const ZReceiptSummary = z.object({
  id: ZId,
  number: z.string(),
  kind: ZReceiptKind,
  issuedAt: z.iso.datetime(),
  /** The business day it belongs to (after a day's close, the next open day). */
  businessDate: ZBusinessDate,
  tableNumber: z.number().int().nullable(),
  orderNumbers: z.array(z.number().int()),
  method: ZPaymentMethod,
  netMinor: z.number().int(),
  taxMinor: z.number().int(),
  tipMinor: z.number().int(),
  /** net + tax + tip; negative on a credit note. */
  totalMinor: z.number().int(),
  currency: z.string(),
  /** A credit note's receipt. */
  creditFor: z.object({ id: ZId, number: z.string() }).nullable(),
});
export type TReceiptSummary = z.infer<typeof ZReceiptSummary>;

export const ZReceipt = ZReceiptSummary.extend({
  seller: ZReceiptSeller,
  pricesIncludeTax: z.boolean(),
  /**
   * What the payment covered: `items` the lines it paid for, `whole` every line of its orders,
   * `part` a share or an amount of the bill (its lines are then not listed, each rate's part is).
   */
  coverage: z.enum(['items', 'whole', 'part']),
  lines: z.array(ZReceiptLine),
  /** The service charge in it (part of the taxes, at its rate). */
  serviceChargeMinor: z.number().int(),
  /**
   * A `part` receipt's one line ("Share of the bill"): what it paid for the bill's items, its
   * service charge and tip on their own rows (with tax when prices include it, net when tax is
   * added); null on a receipt with lines.
   */
  shareMinor: z.number().int().nullable(),
  taxes: z.array(ZTaxPart),
  /** The restaurant's working language: what the receipt is written in. */
  language: z.string(),
  /** The restaurant's time zone: what its times are read in. */
  timezone: z.string(),
});
export type TReceipt = z.infer<typeof ZReceipt>;

export const ZReceiptPage = z.object({
  items: z.array(ZReceiptSummary),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type TReceiptPage = z.infer<typeof ZReceiptPage>;

export const ZReceiptListQuery = z.object({
  /** Business days, inclusive (YYYY-MM-DD), or instants. */
  from: ZDateBound.optional(),
  to: ZDateBound.optional(),
  /** A receipt number or part of one ("000123"), or an order number. */
  q: z.string().trim().max(40).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type TReceiptListQuery = z.infer<typeof ZReceiptListQuery>;

export const ZReceiptExportQuery = z.object({ from: ZDateBound.optional(), to: ZDateBound.optional() });
export type TReceiptExportQuery = z.infer<typeof ZReceiptExportQuery>;

/** A guest reads a receipt with the code of the table it was paid at or the order's guest token. */
export const ZReceiptGuestQuery = z.object({ token: z.string().max(200).optional() });

export const ZEmailReceiptRequest = z
  .object({
    email: z.email({ message: 'must be an e-mail address' }).max(254),
    token: z.string().max(200).optional(),
  })
  .strict();
export type TEmailReceiptRequest = z.infer<typeof ZEmailReceiptRequest>;

export const ZPrintReceiptRequest = z.object({ stationId: ZId }).strict();
export type TPrintReceiptRequest = z.infer<typeof ZPrintReceiptRequest>;

// ---- the day's close --------------------------------------------------------------------------

export const ZDayParams = z.object({ date: ZBusinessDate });

/**
 * What is still open when a day's report is read (or when it was closed): bills not fully paid at
 * tables whose bill began before the day's end, with the cash already taken on them (in the drawer,
 * counted in the cash expected, but the bill not settled), and guests' checkouts still holding a bill
 * (money under way: if it arrives after the close it goes on the next open day).
 */
export const ZDayOpenBill = z.object({
  tableId: ZId,
  tableNumber: z.number().int(),
  tableLabel: z.string().nullable(),
  /** When the bill's first order was placed. */
  openedAt: z.iso.datetime(),
  totalMinor: z.number().int(),
  paidMinor: z.number().int(),
  dueMinor: z.number().int(),
  /** Cash taken on this bill so far (less cash given back). */
  cashMinor: z.number().int(),
});
export type TDayOpenBill = z.infer<typeof ZDayOpenBill>;

export const ZDayOpen = z.object({
  bills: z.object({
    count: z.number().int(),
    dueMinor: z.number().int(),
    /** Cash taken on these bills: in the drawer while the bills stay unsettled. */
    cashMinor: z.number().int(),
    /** By table number. */
    items: z.array(ZDayOpenBill),
  }),
  /** Guests' online checkouts still holding a table's bill (amount without tips). */
  checkouts: z.object({ count: z.number().int(), amountMinor: z.number().int() }),
});
export type TDayOpen = z.infer<typeof ZDayOpen>;

export const ZDayReport = z.object({
  date: ZBusinessDate,
  /** The business day's bounds: from its start (businessDayStartsAt) to the next day's. */
  from: z.iso.datetime(),
  to: z.iso.datetime(),
  /** Orders placed in the day and not cancelled, and the guests seated at its visits. */
  orders: z.number().int(),
  covers: z.number().int(),
  /** What the day's receipts and credit notes sold: gross = net + tax, tips apart. */
  grossMinor: z.number().int(),
  netMinor: z.number().int(),
  taxMinor: z.number().int(),
  taxes: z.array(ZTaxPart),
  serviceChargeMinor: z.number().int(),
  byMethod: z.array(
    z.object({ method: ZPaymentMethod, count: z.number().int(), amountMinor: z.number().int() }),
  ),
  refundsMinor: z.number().int(),
  /** Voids given within the day's hours (how many, and what they took off), and the discounts' sum. */
  voids: z.object({ count: z.number().int(), amountMinor: z.number().int() }),
  discountsMinor: z.number().int(),
  tipsMinor: z.number().int(),
  /** Cash taken less cash given back. */
  cashExpectedMinor: z.number().int(),
  receipts: z.object({ first: z.string().nullable(), last: z.string().nullable(), count: z.number().int() }),
  creditNotes: z.number().int(),
  currency: z.string(),
  /**
   * Open bills and checkouts under way: now (X report), or as they were at the close (Z report; null
   * for a day closed before this was kept).
   */
  open: ZDayOpen.nullable(),
  closed: z.boolean(),
  /** The Z report's count, once closed. */
  cashCountedMinor: z.number().int().nullable(),
  cashDifferenceMinor: z.number().int().nullable(),
  closedAt: z.iso.datetime().nullable(),
  closedBy: z.object({ id: z.string().nullable(), name: z.string() }).nullable(),
  note: z.string().nullable(),
});
export type TDayReport = z.infer<typeof ZDayReport>;

export const ZCloseDayRequest = z
  .object({
    cashCountedMinor: z
      .number({ message: 'must be a number' })
      .int({ message: 'must be whole minor units' })
      .min(0, { message: 'must be at least 0' })
      .max(1_000_000_000, { message: 'is too large' }),
    note: z.string().trim().max(500, { message: 'must be at most 500 characters' }).optional(),
    /**
     * Close although bills are open or checkouts are under way (the report's `open`): without it
     * such a close answers 409 DAY_HAS_OPEN_BILLS.
     */
    acknowledgeOpen: z.boolean().optional(),
  })
  .strict();
export type TCloseDayRequest = z.infer<typeof ZCloseDayRequest>;

export const ZClosedDay = z.object({
  date: ZBusinessDate,
  currency: z.string(),
  grossMinor: z.number().int(),
  taxMinor: z.number().int(),
  cashExpectedMinor: z.number().int(),
  cashCountedMinor: z.number().int(),
  cashDifferenceMinor: z.number().int(),
  closedAt: z.iso.datetime(),
  closedBy: z.object({ id: z.string().nullable(), name: z.string() }),
});
export type TClosedDay = z.infer<typeof ZClosedDay>;

export const ZClosedDayPage = z.object({
  items: z.array(ZClosedDay),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type TClosedDayPage = z.infer<typeof ZClosedDayPage>;

export const ZClosedDayQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

const viewPayments = access.permission('payments.view');

export const receiptsEndpoints = {
  listReceipts: endpoint({
    method: 'GET',
    path: '/api/receipts',
    tag: 'receipts',
    summary: 'Receipts and credit notes, newest first',
    access: viewPayments,
    query: ZReceiptListQuery,
    response: ZReceiptPage,
  }),
  exportReceiptsCsv: endpoint({
    method: 'GET',
    path: '/api/receipts/export.csv',
    tag: 'receipts',
    summary: "The accountant's CSV: one row per receipt and tax rate",
    description:
      'Streams the receipts and credit notes of the business days from–to (default: this month so far), in number order. Amounts are in major units with a point (12.50); a credit note’s are negative; the tip and the total are on each receipt’s first row.',
    access: viewPayments,
    query: ZReceiptExportQuery,
    produces: 'text/csv',
  }),
  getReceipt: endpoint({
    method: 'GET',
    path: '/api/receipts/:id',
    tag: 'receipts',
    summary: 'A receipt: the legal block, lines, taxes, service charge, tip, payment and totals',
    description:
      "Staff who see or take payments read any of the restaurant's (a waiter offers the receipt of what they took); a guest sends `token`: the code of the table it was paid at, or the paid order's guest token.",
    access: access.guest({ in: 'query', name: 'token' }, 'payments.view', 'payments.take'),
    params: ZIdParams,
    query: ZReceiptGuestQuery,
    response: ZReceipt,
    errors: [404],
  }),
  getReceiptPdf: endpoint({
    method: 'GET',
    path: '/api/receipts/:id.pdf',
    tag: 'receipts',
    summary: 'A receipt as a PDF (80 mm wide)',
    access: access.guest({ in: 'query', name: 'token' }, 'payments.view', 'payments.take'),
    params: ZIdParams,
    query: ZReceiptGuestQuery,
    produces: 'application/pdf',
    errors: [404],
  }),
  emailReceipt: endpoint({
    method: 'POST',
    path: '/api/receipts/:id/email',
    tag: 'receipts',
    summary: 'E-mail a receipt with its PDF attached',
    description:
      'Sent through SMTP when it is set up, else kept in the outbox. Rate-limited per receipt and per caller (429).',
    access: access.guest({ in: 'body', name: 'token' }, 'payments.view', 'payments.take'),
    params: ZIdParams,
    body: ZEmailReceiptRequest,
    status: 202,
    errors: [404, 429],
  }),
  printReceipt: endpoint({
    method: 'POST',
    path: '/api/receipts/:id/print',
    tag: 'receipts',
    summary: "Print a receipt on a station's printer",
    description:
      'Sent as ESC/POS, retried with backoff like a kitchen ticket; a station without a printer answers 409.',
    access: viewPayments,
    params: ZIdParams,
    body: ZPrintReceiptRequest,
    status: 202,
    errors: [404, 409],
  }),
};

export const daysEndpoints = {
  listClosedDays: endpoint({
    method: 'GET',
    path: '/api/days',
    tag: 'days',
    summary: 'Closed business days, newest first (their Z reports)',
    access: viewPayments,
    query: ZClosedDayQuery,
    response: ZClosedDayPage,
  }),
  getDay: endpoint({
    method: 'GET',
    path: '/api/days/:date',
    tag: 'days',
    summary: "A business day's report: live (X) while open, frozen (Z) once closed",
    access: viewPayments,
    params: ZDayParams,
    response: ZDayReport,
  }),
  closeDay: endpoint({
    method: 'POST',
    path: '/api/days/:date/close',
    tag: 'days',
    summary: 'Close a business day: the cash counted against the cash expected, the Z report frozen',
    description:
      "A day closes once (409 DAY_CLOSED) and not before it began (422). While bills begun before its end are open or guests' checkouts are under way, it closes only with `acknowledgeOpen: true` (else 409 DAY_HAS_OPEN_BILLS); the Z report keeps what was open. Payments after the close go on the next open day.",
    access: access.permission('payments.manage'),
    params: ZDayParams,
    body: ZCloseDayRequest,
    response: ZDayReport,
    idempotent: true,
    errors: [409, 422],
  }),
};
