import { randomUUID } from 'node:crypto';
import type { TOrder, TPaymentMethod } from '@tavolo/contract/orders';
import type { TReceiptLine, TReceiptSeller } from '@tavolo/contract/receipts';
import { eq, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client';
import type { StoredOrderLine } from '../db/schema';
import { auditLog, businessDays, restaurants } from '../db/schema';
import { businessDateOf, businessDayBounds } from '../modules/receipts/business-day';
import { liveReport } from '../modules/receipts/days.service';
import {
  componentsOfOrder,
  grossOf,
  negated,
  type ReceiptOrderPart,
  receiptFiguresOf,
  takeFrom,
} from '../modules/receipts/receipt-allocation';
import { receiptLineOf } from '../modules/receipts/receipts.service';
import { BulkTable, type BulkWriter } from './demo-bulk';

/*
 * The demo's receipts and closed days (PRODUCT.md §11), as the app would have left them: every
 * succeeded payment issued a receipt for its whole order, every refund a credit note pointing at
 * it, with the figures of the app's own allocation (receipt-allocation.ts); each past business day
 * with sales was closed with its Z report (days.service.ts's report, the cash counted). Receipts go
 * out in bulk with the order rows; their business day and gap-free numbers are given in one
 * statement at the end, in the order they were issued, as the issuing counter would have.
 */

const RECEIPT_COLUMNS = [
  ['id', 'uuid'],
  ['restaurant_id', 'uuid'],
  ['year', 'smallint'],
  ['seq', 'int'],
  ['number', 'text'],
  ['kind', 'text'],
  ['issued_at', 'timestamptz'],
  ['business_date', 'date'],
  ['payment_id', 'uuid'],
  ['refund_id', 'uuid'],
  ['credit_for_id', 'uuid'],
  ['method', 'text'],
  ['table_number', 'int'],
  ['order_ids', 'uuid[]'],
  ['order_numbers', 'int[]'],
  ['net_minor', 'int'],
  ['tax_minor', 'int'],
  ['service_charge_minor', 'int'],
  ['tip_minor', 'int'],
  ['total_minor', 'int'],
  ['currency', 'text'],
  ['taxes', 'jsonb'],
  ['lines', 'jsonb'],
  ['coverage', 'text'],
  ['prices_include_tax', 'boolean'],
  ['seller', 'jsonb'],
  ['language', 'text'],
  ['parts', 'jsonb'],
] as const;

/** What the demo knows of an order when its payment succeeds: enough for the app's allocation. */
export type DemoPaidOrder = {
  id: string;
  number: number;
  tableNumber: number;
  items: StoredOrderLine[];
  serviceChargeTax: TOrder['serviceChargeTax'];
  tipMinor: number;
};

export type DemoIssuer = { restaurantId: string; currency: string; seller: TReceiptSeller; language: string };

/** Receipts and credit notes of the demo's history, buffered for its bulk writer. */
export class DemoReceipts {
  readonly out: BulkTable;
  issued = 0;
  constructor(
    writer: BulkWriter,
    private readonly issuer: DemoIssuer,
  ) {
    this.out = new BulkTable(writer, 'receipts', RECEIPT_COLUMNS);
  }

  private add(row: Record<string, unknown>) {
    this.issued += 1;
    // Numbered and dated at the end (numberDemoReceipts): a placeholder year 0 keeps the key unique.
    this.out.add({ ...row, year: 0, seq: this.issued, number: '', business_date: '1970-01-01' });
  }

  private common(figures: ReturnType<typeof receiptFiguresOf>, order: DemoPaidOrder) {
    return {
      restaurant_id: this.issuer.restaurantId,
      table_number: order.tableNumber,
      order_ids: [order.id],
      order_numbers: [order.number],
      net_minor: figures.netMinor,
      tax_minor: figures.taxMinor,
      service_charge_minor: figures.serviceChargeMinor,
      tip_minor: figures.tipMinor,
      total_minor: figures.totalMinor,
      currency: this.issuer.currency,
      taxes: figures.taxes,
      prices_include_tax: true,
      seller: this.issuer.seller,
      language: this.issuer.language,
    };
  }

  /** The receipt of a payment of the whole order; answers what a credit note needs of it. */
  receipt(input: { order: DemoPaidOrder; paymentId: string; method: TPaymentMethod; at: number }) {
    const { order } = input;
    const components = componentsOfOrder(order as unknown as TOrder);
    const parts: ReceiptOrderPart[] = [{ orderId: order.id, components }];
    const figures = receiptFiguresOf(parts, true);
    const lines: TReceiptLine[] = order.items
      .filter((line) => line.quantity > 0)
      .map((line) => receiptLineOf(line));
    const id = randomUUID();
    this.add({
      ...this.common(figures, order),
      id,
      kind: 'receipt',
      issued_at: new Date(input.at).toISOString(),
      payment_id: input.paymentId,
      refund_id: null,
      credit_for_id: null,
      method: input.method,
      lines,
      coverage: 'whole',
      parts,
    });
    return {
      id,
      components,
      lines,
      totalMinor: figures.totalMinor,
      method: input.method,
      paymentId: input.paymentId,
    };
  }

  /** The credit note of a refund on that receipt: the tip given back last, as the app does. */
  creditNote(
    receipt: ReturnType<DemoReceipts['receipt']>,
    input: { order: DemoPaidOrder; refundId: string; amountMinor: number; at: number },
  ) {
    const weights = receipt.components.map((c) => (c.kind === 'tip' ? 0 : grossOf(c)));
    const parts = negated([
      { orderId: input.order.id, components: takeFrom(receipt.components, input.amountMinor, weights) },
    ]);
    const figures = receiptFiguresOf(parts, true);
    const whole = input.amountMinor === receipt.totalMinor;
    this.add({
      ...this.common(figures, input.order),
      id: randomUUID(),
      kind: 'credit_note',
      issued_at: new Date(input.at).toISOString(),
      payment_id: receipt.paymentId,
      refund_id: input.refundId,
      credit_for_id: receipt.id,
      method: receipt.method,
      lines: whole ? receipt.lines.map((line) => ({ ...line, totalMinor: -line.totalMinor })) : [],
      coverage: whole ? 'whole' : 'part',
      parts,
    });
  }
}

/**
 * Gives the demo's receipts their business day and their numbers, per year in the order issued,
 * and fills what the issuing transaction keeps beside them: each day's taxes, each year's counter.
 */
export async function numberDemoReceipts(db: Db, restaurantId: string): Promise<void> {
  await db.execute(sql`
    WITH dated AS (
      SELECT r.id, r.issued_at,
             ((r.issued_at AT TIME ZONE z.timezone) - make_interval(mins => z.business_day_start_minutes))::date AS day
      FROM receipts r JOIN restaurants z ON z.id = r.restaurant_id
      WHERE r.restaurant_id = ${restaurantId}
    ), numbered AS (
      SELECT id, day, extract(year FROM day)::int AS year,
             row_number() OVER (PARTITION BY extract(year FROM day) ORDER BY issued_at, id)::int AS seq
      FROM dated
    )
    UPDATE receipts r
    SET business_date = n.day, year = n.year, seq = n.seq, number = n.year || '-' || lpad(n.seq::text, 6, '0')
    FROM numbered n
    WHERE r.id = n.id`);
  await db.execute(sql`
    INSERT INTO receipt_day_taxes (restaurant_id, business_date, name, rate_bp, net_minor, tax_minor)
    SELECT r.restaurant_id, r.business_date, t->>'name', (t->>'rateBasisPoints')::int,
           sum((t->>'netMinor')::bigint), sum((t->>'taxMinor')::bigint)
    FROM receipts r CROSS JOIN LATERAL jsonb_array_elements(r.taxes) t
    WHERE r.restaurant_id = ${restaurantId}
    GROUP BY 1, 2, 3, 4`);
  await db.execute(sql`
    INSERT INTO receipt_counters (restaurant_id, year, last_seq)
    SELECT restaurant_id, year, max(seq) FROM receipts WHERE restaurant_id = ${restaurantId} GROUP BY 1, 2`);
}

/**
 * Closes every past business day that has receipts, with the report the app freezes at a close
 * (the same function), the cash counted as expected but for a few cents now and then, by `closer`
 * a quarter of an hour after the day's last receipt. Today stays open. Answers how many it closed.
 */
export async function closeDemoDays(
  db: Db,
  input: {
    restaurantId: string;
    now: number;
    closer: { id: string | null; name: string };
    random: () => number;
  },
): Promise<number> {
  const [restaurant] = await db.select().from(restaurants).where(eq(restaurants.id, input.restaurantId));
  const { timezone, businessDayStartMinutes } = restaurant!;
  const today = businessDateOf(new Date(input.now), timezone, businessDayStartMinutes);
  const days = await queryRows<{ date: string; last: Date | string }>(
    db,
    sql`SELECT business_date::text AS date, max(issued_at) AS last FROM receipts
        WHERE restaurant_id = ${input.restaurantId} AND business_date < ${today}
        GROUP BY business_date ORDER BY business_date`,
  );
  for (const day of days) {
    const report = await liveReport(db, restaurant!, day.date);
    const { to } = businessDayBounds(day.date, timezone, businessDayStartMinutes);
    const closedAt = new Date(Math.min(new Date(day.last).getTime() + 15 * 60_000, to.getTime() - 60_000));
    const u = input.random();
    const difference = u < 0.85 ? 0 : u < 0.95 ? -Math.ceil(u * 100) * 10 : 50;
    const cashCountedMinor = report.cashExpectedMinor + difference;
    const note =
      difference === 0 ? null : difference < 0 ? 'Cassa corta: resto sbagliato' : 'Mancia lasciata in cassa';
    await db.insert(businessDays).values({
      restaurantId: input.restaurantId,
      date: day.date,
      report,
      cashCountedMinor,
      cashDifferenceMinor: difference,
      note,
      closedAt,
      closedById: input.closer.id,
      closedByName: input.closer.name,
    });
    await db.insert(auditLog).values({
      restaurantId: input.restaurantId,
      kind: 'day.closed',
      actorId: input.closer.id,
      actorName: input.closer.name,
      amountMinor: difference,
      reason: note,
      details: { date: day.date, cashCountedMinor, cashExpectedMinor: report.cashExpectedMinor },
      at: closedAt,
    });
  }
  return days.length;
}
