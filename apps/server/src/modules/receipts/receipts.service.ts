import { DEFAULT_PRINTER_PORT } from '@tavolo/contract/kitchen';
import type { TPaymentMethod } from '@tavolo/contract/orders';
import type {
  TReceipt,
  TReceiptLine,
  TReceiptListQuery,
  TReceiptPage,
  TReceiptSeller,
} from '@tavolo/contract/receipts';
import { receiptNumberOf } from '@tavolo/contract/receipts';
import { AppError, notFound } from '../../core/app-error';
import type { ServiceContext, StaffContext } from '../../core/context';
import { consumeRateLimit } from '../../core/rate-limit';
import type { Db } from '../../db/client';
import type { OrderRow, PaymentRow, RefundRow, RestaurantRow } from '../../db/rows';
import { localDateOf } from '../../lib/zoned-time';
import { hashToken } from '../../security/tokens';
import { orderOf } from '../orders/orders.service';
import { encodeReceipt } from '../printing/receipt-escpos';
import { findRestaurantRow, findSessionRestaurant } from '../restaurants/restaurants.service';
import { findStationRow } from '../stations/stations.service';
import { mulDiv } from '../visits/bill-model';
import { businessDateOf, openDayFrom } from './business-day';
import {
  componentsOfOrder,
  grossOf,
  itemWeights,
  negated,
  type ReceiptComponent,
  type ReceiptOrderPart,
  receiptFiguresOf,
  remainingOf,
  takeFrom,
} from './receipt-allocation';
import { receiptEmail } from './receipt-email';
import { receiptPdfFilename, renderReceiptPdf } from './receipt-pdf';
import {
  findClosedDatesFrom,
  findCreditNotesOf,
  findPartsOfOrders,
  findReceiptById,
  findReceiptNumbers,
  findReceiptOfPayment,
  findReceiptPage,
  findReceiptRow,
  findReceiptsOfPayments,
  guestMayRead,
  insertReceipt,
  lockReceiptCounter,
  nextReceiptSeq,
  type ReceiptRow,
  sumTaxOfDays,
  toReceipt,
  toReceiptSummary,
} from './receipts.repository';

/*
 * Receipts (PRODUCT.md §11, decision 038). The money module issues one in the transaction of every
 * succeeded payment, and a credit note in that of every refund. A receipt is frozen when issued:
 * the seller's legal block, its lines, its taxes; it is numbered per restaurant and year without
 * gaps (the counter moves in the same transaction) and dated on the business day it was issued in,
 * or the next open one when that day is closed.
 */

/** One order's part of a payment: how much of it, and which units of its lines when paid by item. */
export type ReceiptShare = {
  order: OrderRow;
  amountMinor: number;
  units?: readonly { lineIndex: number; quantity: number }[];
};

/** What every receipt of the restaurant freezes of it when issued: its legal block, language and currency. */
function issuerOf(restaurant: RestaurantRow) {
  const seller: TReceiptSeller = {
    name: restaurant.name,
    legalName: restaurant.legalName,
    taxId: restaurant.taxId,
    address: restaurant.address,
    phone: restaurant.phone,
    email: restaurant.email,
  };
  return {
    restaurantId: restaurant.id,
    currency: restaurant.currency,
    seller,
    language: restaurant.languages[0] ?? 'en',
  };
}

/** The restaurant a receipt is issued for, in the issuing transaction. */
async function issuingRestaurant(db: Db, restaurantId: string): Promise<RestaurantRow> {
  const restaurant = await findRestaurantRow(db, restaurantId);
  if (!restaurant) throw notFound('Restaurant');
  return restaurant;
}

/**
 * The business day a receipt issued `at` goes on and its number. The year's counter is locked
 * first (the day's close takes the same lock), so no receipt lands in a day being closed.
 */
async function takeReceiptNumber(db: Db, restaurant: RestaurantRow, at: Date) {
  const clockDate = businessDateOf(at, restaurant.timezone, restaurant.businessDayStartMinutes);
  await lockReceiptCounter(db, restaurant.id, Number(clockDate.slice(0, 4)));
  const businessDate = openDayFrom(clockDate, await findClosedDatesFrom(db, restaurant.id, clockDate));
  const year = Number(businessDate.slice(0, 4));
  const seq = await nextReceiptSeq(db, restaurant.id, year);
  return { businessDate, year, seq, number: receiptNumberOf(year, seq) };
}

/** The components earlier receipts and credit notes took of each order. */
async function takenByOrder(db: Db, restaurantId: string, orderIds: string[]) {
  const taken = new Map<string, ReceiptComponent[]>();
  for (const { parts } of await findPartsOfOrders(db, restaurantId, orderIds)) {
    for (const part of parts) {
      if (!orderIds.includes(part.orderId)) continue;
      taken.set(part.orderId, [...(taken.get(part.orderId) ?? []), ...part.components]);
    }
  }
  return taken;
}

function optionsOf(line: { options: { group: string; choice: string }[] }): string[] {
  return line.options.map((o) => `${o.group}: ${o.choice}`);
}

/** A unit at its menu price with its options: what "2 x 12,50 €" on the receipt says. */
function unitWithOptions(line: { unitPriceMinor: number; options: { priceMinor: number }[] }): number {
  return line.unitPriceMinor + line.options.reduce((s, o) => s + o.priceMinor, 0);
}

type ReceiptableLine = {
  name: string;
  options: { group: string; choice: string; priceMinor: number }[];
  quantity: number;
  unitPriceMinor: number;
  lineTotalMinor: number;
  /** Absent on lines stored before discounts: none. */
  discountMinor?: number;
  tax?: { rateBasisPoints: number } | null;
};

/**
 * An order line as a receipt lists it, for `units` of it: the unit at its menu price with options,
 * the line's total and discount in proportion (the demo's receipts use it too).
 */
export function receiptLineOf(line: ReceiptableLine, units = line.quantity): TReceiptLine {
  return {
    name: line.name,
    options: optionsOf(line),
    quantity: units,
    unitPriceMinor: unitWithOptions(line),
    totalMinor: mulDiv(line.lineTotalMinor, units, line.quantity),
    discountMinor: mulDiv(line.discountMinor ?? 0, units, line.quantity),
    rateBasisPoints: line.tax?.rateBasisPoints ?? 0,
  };
}

/**
 * Issues the receipt of a succeeded payment, in its transaction: each order's share takes its part
 * of what is left of the order (by the units paid for, when paid by item), the tip of a bill
 * payment (beside its orders) is added.
 */
export async function issueReceipt(
  db: Db,
  input: {
    restaurantId: string;
    shares: readonly ReceiptShare[];
    method: TPaymentMethod;
    paymentId: string;
    billPaymentId?: string | null;
    extraTipMinor?: number;
    issuedAt: Date;
  },
): Promise<{ id: string }> {
  const restaurant = await issuingRestaurant(db, input.restaurantId);
  const orders = input.shares.map((share) => orderOf(share.order));
  const orderIds = orders.map((o) => o.id);
  const taken = await takenByOrder(db, restaurant.id, orderIds);

  let whole = true;
  const lines: TReceiptLine[] = [];
  const parts: ReceiptOrderPart[] = input.shares.map((share, i) => {
    const order = orders[i]!;
    const before = taken.get(order.id) ?? [];
    const remaining = remainingOf(componentsOfOrder(order), before);
    const weights = share.units ? itemWeights(order, remaining, share.units) : undefined;
    const components = takeFrom(remaining, share.amountMinor, weights);
    const left = remaining.reduce((s, c) => s + grossOf(c), 0);
    if (before.length > 0 || share.amountMinor !== left) whole = false;
    for (const { lineIndex, quantity } of share.units ?? []) {
      const line = order.items[lineIndex];
      if (!line || line.quantity === 0) continue;
      lines.push(receiptLineOf(line, Math.min(quantity, line.quantity)));
    }
    return { orderId: order.id, components };
  });
  const byItems = input.shares.some((share) => share.units && share.units.length > 0);
  if (!byItems && whole) {
    for (const order of orders) {
      for (const line of order.items.filter((l) => l.quantity > 0)) lines.push(receiptLineOf(line));
    }
  }

  const pricesIncludeTax = orders[0]?.pricesIncludeTax ?? restaurant.pricesIncludeTax;
  const figures = receiptFiguresOf(parts, pricesIncludeTax);
  const extraTipMinor = input.extraTipMinor ?? 0;
  const number = await takeReceiptNumber(db, restaurant, input.issuedAt);
  return insertReceipt(db, {
    ...issuerOf(restaurant),
    ...number,
    kind: 'receipt',
    issuedAt: input.issuedAt,
    paymentId: input.paymentId,
    billPaymentId: input.billPaymentId ?? null,
    method: input.method,
    tableNumber: orders[0]?.tableNumber ?? null,
    orderIds,
    orderNumbers: orders.map((o) => o.number),
    ...figures,
    tipMinor: figures.tipMinor + extraTipMinor,
    totalMinor: figures.totalMinor + extraTipMinor,
    lines,
    coverage: byItems ? 'items' : whole ? 'whole' : 'part',
    pricesIncludeTax,
    parts,
  });
}

/**
 * Issues the credit note of a refund, in its transaction: it gives back that part of what the
 * payment's receipt took of the refunded order, and points at that receipt. A payment from before
 * receipts (it has none) is credited from its order's figures.
 */
export async function issueCreditNote(
  db: Db,
  input: { payment: PaymentRow; refund: RefundRow; order: OrderRow; issuedAt: Date },
): Promise<{ id: string }> {
  const { payment, refund } = input;
  const restaurant = await issuingRestaurant(db, payment.restaurantId);
  const order = orderOf(input.order);
  const receipt = await findReceiptOfPayment(db, restaurant.id, payment);

  let remaining: ReceiptComponent[];
  if (receipt) {
    const paid = receipt.parts.find((p) => p.orderId === order.id)?.components ?? [];
    const credited = (await findCreditNotesOf(db, restaurant.id, receipt.id)).flatMap((note) =>
      negated(note.parts.filter((p) => p.orderId === order.id)).flatMap((p) => p.components),
    );
    remaining = remainingOf(paid, credited);
  } else {
    remaining = componentsOfOrder(order);
  }
  // A refund gives back the tip last: what was sold first.
  const weights = remaining.map((c) => (c.kind === 'tip' ? 0 : grossOf(c)));
  const parts = negated([
    { orderId: order.id, components: takeFrom(remaining, refund.amountMinor, weights) },
  ]);
  const figures = receiptFiguresOf(parts, order.pricesIncludeTax);
  const whole = receipt !== undefined && refund.amountMinor === receipt.totalMinor;
  const number = await takeReceiptNumber(db, restaurant, input.issuedAt);
  return insertReceipt(db, {
    ...issuerOf(restaurant),
    ...number,
    kind: 'credit_note',
    issuedAt: input.issuedAt,
    paymentId: payment.id,
    billPaymentId: payment.billPaymentId,
    refundId: refund.id,
    creditForId: receipt?.id ?? null,
    method: payment.method,
    tableNumber: order.tableNumber,
    orderIds: [order.id],
    orderNumbers: [order.number],
    ...figures,
    lines: whole
      ? receipt.lines.map((line) => ({
          ...line,
          totalMinor: -line.totalMinor,
          discountMinor: -(line.discountMinor ?? 0),
        }))
      : [],
    coverage: whole ? receipt.coverage : 'part',
    pricesIncludeTax: order.pricesIncludeTax,
    parts,
  });
}

/** The tax on each business day's receipts, credit notes taken off (the Overview's figure). */
export function taxOfDays(db: Db, restaurantId: string, dates: readonly string[]): Promise<number[]> {
  return sumTaxOfDays(db, restaurantId, dates);
}

/** Each payment's receipt, by payment id: its own, or its bill payment's. */
export async function receiptsOfPayments(
  db: Db,
  restaurantId: string,
  payments: readonly { id: string; billPaymentId: string | null }[],
): Promise<Map<string, { id: string; number: string }>> {
  const rows = await findReceiptsOfPayments(
    db,
    restaurantId,
    payments.map((p) => p.id),
    [...new Set(payments.flatMap((p) => (p.billPaymentId ? [p.billPaymentId] : [])))],
  );
  const byPayment = new Map(rows.flatMap((r) => (r.paymentId ? [[r.paymentId, r] as const] : [])));
  const byBill = new Map(rows.flatMap((r) => (r.billPaymentId ? [[r.billPaymentId, r] as const] : [])));
  const found = new Map<string, { id: string; number: string }>();
  for (const payment of payments) {
    const row =
      byPayment.get(payment.id) ?? (payment.billPaymentId ? byBill.get(payment.billPaymentId) : undefined);
    if (row) found.set(payment.id, { id: row.id, number: row.number });
  }
  return found;
}

/** The receipt a bill payment issued, once it succeeded. */
export async function receiptIdOfBillPayment(
  db: Db,
  restaurantId: string,
  billPaymentId: string,
): Promise<string | null> {
  const row = await findReceiptOfPayment(db, restaurantId, { id: billPaymentId, billPaymentId });
  return row?.id ?? null;
}

// ---- reading ----------------------------------------------------------------------------------

async function presentReceipt(db: Db, row: ReceiptRow): Promise<TReceipt> {
  const numbers = row.creditForId ? await findReceiptNumbers(db, row.restaurantId, [row.creditForId]) : null;
  const creditFor = row.creditForId
    ? { id: row.creditForId, number: numbers?.get(row.creditForId) ?? '' }
    : null;
  const timezone = (await findRestaurantRow(db, row.restaurantId))?.timezone ?? 'UTC';
  return toReceipt(row, creditFor, timezone);
}

/**
 * A receipt for whoever may read it: staff of its restaurant (payments.view, checked by the route),
 * or a guest whose token is one of its orders' or the code of their table. Anything else is 404.
 */
export async function readReceiptRow(
  ctx: ServiceContext,
  input: { id: string; token: string | undefined },
): Promise<ReceiptRow> {
  const { db, principal } = ctx;
  if (input.token !== undefined) {
    const row = await findReceiptById(db, input.id);
    if (!row || !(await guestMayRead(db, row, input.token, hashToken(input.token))))
      throw notFound('Receipt');
    return row;
  }
  const row = principal ? await findReceiptRow(db, principal.restaurantId, input.id) : undefined;
  if (!row) throw notFound('Receipt');
  return row;
}

export async function getReceipt(ctx: ServiceContext, input: { id: string; token: string | undefined }) {
  return presentReceipt(ctx.db, await readReceiptRow(ctx, input));
}

/** A page of the restaurant's receipts and credit notes, newest first. */
export async function listReceipts(ctx: StaffContext, query: TReceiptListQuery): Promise<TReceiptPage> {
  const { db } = ctx;
  const restaurant = await findSessionRestaurant(ctx);
  const zone = restaurant.timezone;
  const { rows, total } = await findReceiptPage(
    db,
    restaurant.id,
    {
      fromDate: query.from ? localDateOf(query.from, zone) : undefined,
      toDate: query.to ? localDateOf(query.to, zone) : undefined,
      q: query.q || undefined,
    },
    { limit: query.pageSize, offset: (query.page - 1) * query.pageSize },
  );
  const credited = [...new Set(rows.flatMap((r) => (r.creditForId ? [r.creditForId] : [])))];
  const numbers = await findReceiptNumbers(db, restaurant.id, credited);
  return {
    items: rows.map((row) =>
      toReceiptSummary(
        row,
        row.creditForId ? { id: row.creditForId, number: numbers.get(row.creditForId) ?? '' } : null,
      ),
    ),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** A receipt as an 80 mm PDF, times in the restaurant's zone. */
export async function getReceiptPdf(
  ctx: ServiceContext,
  input: { id: string; token: string | undefined },
): Promise<{ filename: string; pdf: Buffer }> {
  const row = await readReceiptRow(ctx, input);
  const receipt = await presentReceipt(ctx.db, row);
  const timeZone = receipt.timezone;
  return { filename: receiptPdfFilename(receipt), pdf: await renderReceiptPdf(receipt, { timeZone }) };
}

/** E-mails per receipt, and per caller (a guest's code, a member), in an hour: enough to fix a typo, too few to spam with. */
const EMAILS_PER_RECEIPT = 5;
const EMAILS_PER_CALLER = 30;

/**
 * E-mails a receipt with its PDF attached (SMTP when set up, else the outbox). Rate-limited per
 * receipt and per caller, so a table's code cannot be used to send mail to anyone at will.
 */
export async function emailReceipt(
  ctx: ServiceContext,
  input: { id: string; token: string | undefined; email: string },
): Promise<void> {
  const row = await readReceiptRow(ctx, input);
  await consumeRateLimit(ctx.db, {
    key: `receipt-email:${row.id}`,
    limit: EMAILS_PER_RECEIPT,
    windowSeconds: 3600,
  });
  await consumeRateLimit(ctx.db, {
    // A guest by the code they hold (guests behind one Wi-Fi share an address), staff by account.
    key: `receipt-email-by:${ctx.principal && input.token === undefined ? ctx.principal.userId : hashToken(input.token ?? ctx.ip)}`,
    limit: EMAILS_PER_CALLER,
    windowSeconds: 3600,
  });
  const receipt = await presentReceipt(ctx.db, row);
  const timeZone = receipt.timezone;
  const { subject, text } = receiptEmail(receipt, { timeZone });
  await ctx.mailer.send({
    to: input.email,
    subject,
    text,
    attachments: [
      {
        filename: receiptPdfFilename(receipt),
        content: await renderReceiptPdf(receipt, { timeZone }),
        contentType: 'application/pdf',
      },
    ],
  });
}

/** Prints a receipt on a station's printer (ESC/POS, retried like a kitchen ticket). */
export async function printReceipt(
  ctx: StaffContext,
  input: { id: string; stationId: string },
): Promise<void> {
  const { db, principal } = ctx;
  const row = await readReceiptRow(ctx, { id: input.id, token: undefined });
  const station = await findStationRow(db, principal.restaurantId, input.stationId);
  if (!station) throw notFound('Station');
  if (station.printerHost === null) {
    throw new AppError('CONFLICT', `${station.name} has no printer: give it one in Settings`);
  }
  const receipt = await presentReceipt(db, row);
  const timeZone = receipt.timezone;
  await ctx.printer.printDocument(
    db,
    {
      restaurantId: row.restaurantId,
      orderId: row.orderIds[0]!,
      stationId: station.id,
      bytes: encodeReceipt(receipt, { timeZone }),
    },
    { host: station.printerHost, port: station.printerPort ?? DEFAULT_PRINTER_PORT },
  );
}
