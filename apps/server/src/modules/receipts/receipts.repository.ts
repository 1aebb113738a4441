import type { TReceipt, TReceiptSummary } from '@tavolo/contract/receipts';
import { and, asc, desc, eq, gte, ilike, lte, or, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { businessDays, receiptCounters, receiptDayTaxes, receipts } from '../../db/schema';
import { goodsMinorOf } from './receipt-allocation';

export type ReceiptRow = typeof receipts.$inferSelect;
export type ClosedDayRow = typeof businessDays.$inferSelect;

/** What a receipt's summary reads of its row. */
const summaryColumns = {
  id: receipts.id,
  number: receipts.number,
  kind: receipts.kind,
  issuedAt: receipts.issuedAt,
  businessDate: receipts.businessDate,
  tableNumber: receipts.tableNumber,
  orderNumbers: receipts.orderNumbers,
  method: receipts.method,
  netMinor: receipts.netMinor,
  taxMinor: receipts.taxMinor,
  tipMinor: receipts.tipMinor,
  totalMinor: receipts.totalMinor,
  currency: receipts.currency,
  creditForId: receipts.creditForId,
};
export type SummaryRow = { [K in keyof typeof summaryColumns]: ReceiptRow[K] };

export function toReceiptSummary(
  row: SummaryRow,
  creditFor: { id: string; number: string } | null,
): TReceiptSummary {
  return {
    id: row.id,
    number: row.number,
    kind: row.kind,
    issuedAt: row.issuedAt.toISOString(),
    businessDate: row.businessDate,
    tableNumber: row.tableNumber,
    orderNumbers: row.orderNumbers,
    method: row.method,
    netMinor: row.netMinor,
    taxMinor: row.taxMinor,
    tipMinor: row.tipMinor,
    totalMinor: row.totalMinor,
    currency: row.currency,
    creditFor,
  };
}

export function toReceipt(
  row: ReceiptRow,
  creditFor: { id: string; number: string } | null,
  timezone: string,
): TReceipt {
  return {
    ...toReceiptSummary(row, creditFor),
    seller: row.seller,
    pricesIncludeTax: row.pricesIncludeTax,
    coverage: row.coverage,
    // Receipts issued before discounts were recorded on their lines read as without one.
    lines: row.lines.map((line) => ({ ...line, discountMinor: line.discountMinor ?? 0 })),
    serviceChargeMinor: row.serviceChargeMinor,
    shareMinor:
      row.coverage === 'part' && row.lines.length === 0
        ? goodsMinorOf(row.parts, row.pricesIncludeTax)
        : null,
    taxes: row.taxes,
    language: row.language,
    timezone,
  };
}

/**
 * Locks the restaurant's receipt counter of `year` (made at 0 when it is the year's first) without
 * moving it: receipts and the day's close take turns on it, so no receipt lands in a day being
 * closed.
 */
export async function lockReceiptCounter(db: Db, restaurantId: string, year: number): Promise<void> {
  await db
    .insert(receiptCounters)
    .values({ restaurantId, year, lastSeq: 0 })
    .onConflictDoUpdate({
      target: [receiptCounters.restaurantId, receiptCounters.year],
      set: { lastSeq: sql`${receiptCounters.lastSeq}` },
    });
}

/** The year's next receipt number: the counter moves in the issuing transaction, so a rollback leaves no gap. */
export async function nextReceiptSeq(db: Db, restaurantId: string, year: number): Promise<number> {
  const [row] = await db
    .insert(receiptCounters)
    .values({ restaurantId, year, lastSeq: 1 })
    .onConflictDoUpdate({
      target: [receiptCounters.restaurantId, receiptCounters.year],
      set: { lastSeq: sql`${receiptCounters.lastSeq} + 1` },
    })
    .returning({ lastSeq: receiptCounters.lastSeq });
  return row!.lastSeq;
}

/** Inserts a receipt and adds its taxes to its business day's sums by rate. */
export async function insertReceipt(db: Db, values: typeof receipts.$inferInsert): Promise<{ id: string }> {
  const [row] = await db.insert(receipts).values(values).returning({ id: receipts.id });
  if (values.taxes.length > 0) {
    await db
      .insert(receiptDayTaxes)
      .values(
        values.taxes.map((t) => ({
          restaurantId: values.restaurantId,
          businessDate: values.businessDate,
          name: t.name,
          rateBasisPoints: t.rateBasisPoints,
          netMinor: t.netMinor,
          taxMinor: t.taxMinor,
        })),
      )
      .onConflictDoUpdate({
        target: [
          receiptDayTaxes.restaurantId,
          receiptDayTaxes.businessDate,
          receiptDayTaxes.rateBasisPoints,
          receiptDayTaxes.name,
        ],
        set: {
          netMinor: sql`${receiptDayTaxes.netMinor} + excluded.net_minor`,
          taxMinor: sql`${receiptDayTaxes.taxMinor} + excluded.tax_minor`,
        },
      });
  }
  return row!;
}

export async function findReceiptRow(
  db: Db,
  restaurantId: string,
  id: string,
): Promise<ReceiptRow | undefined> {
  const [row] = await db
    .select()
    .from(receipts)
    .where(and(eq(receipts.restaurantId, restaurantId), eq(receipts.id, id)));
  return row;
}

/** A receipt by its id alone (a guest's request names no restaurant; the token is checked after). */
export async function findReceiptById(db: Db, id: string): Promise<ReceiptRow | undefined> {
  const [row] = await db.select().from(receipts).where(eq(receipts.id, id));
  return row;
}

/** The parts earlier receipts and credit notes took of these orders. */
export async function findPartsOfOrders(
  db: Db,
  restaurantId: string,
  orderIds: readonly string[],
): Promise<Pick<ReceiptRow, 'parts'>[]> {
  if (orderIds.length === 0) return [];
  return db
    .select({ parts: receipts.parts })
    .from(receipts)
    .where(
      and(
        eq(receipts.restaurantId, restaurantId),
        sql`${receipts.orderIds} && ARRAY[${sql.join(
          orderIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )}]`,
      ),
    );
}

/** The receipt a payment issued: its own, or its bill payment's (which names the first order's payment). */
export async function findReceiptOfPayment(
  db: Db,
  restaurantId: string,
  payment: { id: string; billPaymentId: string | null },
): Promise<ReceiptRow | undefined> {
  const [row] = await db
    .select()
    .from(receipts)
    .where(
      and(
        eq(receipts.restaurantId, restaurantId),
        eq(receipts.kind, 'receipt'),
        payment.billPaymentId
          ? or(eq(receipts.paymentId, payment.id), eq(receipts.billPaymentId, payment.billPaymentId))
          : eq(receipts.paymentId, payment.id),
      ),
    )
    .limit(1);
  return row;
}

/** The receipts of these payments (their own, or their bill payments'), with their numbers. */
export async function findReceiptsOfPayments(
  db: Db,
  restaurantId: string,
  paymentIds: readonly string[],
  billPaymentIds: readonly string[],
): Promise<Pick<ReceiptRow, 'id' | 'number' | 'paymentId' | 'billPaymentId'>[]> {
  if (paymentIds.length === 0 && billPaymentIds.length === 0) return [];
  const ids = (values: readonly string[]) =>
    values.length === 0
      ? sql`NULL::uuid`
      : sql.join(
          values.map((id) => sql`${id}::uuid`),
          sql`, `,
        );
  return db
    .select({
      id: receipts.id,
      number: receipts.number,
      paymentId: receipts.paymentId,
      billPaymentId: receipts.billPaymentId,
    })
    .from(receipts)
    .where(
      and(
        eq(receipts.restaurantId, restaurantId),
        eq(receipts.kind, 'receipt'),
        or(
          sql`${receipts.paymentId} IN (${ids(paymentIds)})`,
          sql`${receipts.billPaymentId} IN (${ids(billPaymentIds)})`,
        ),
      ),
    );
}

/** The credit notes issued against a receipt. */
export function findCreditNotesOf(db: Db, restaurantId: string, receiptId: string): Promise<ReceiptRow[]> {
  return db
    .select()
    .from(receipts)
    .where(and(eq(receipts.restaurantId, restaurantId), eq(receipts.creditForId, receiptId)));
}

/** The numbers of receipts by id (what credit notes point at). */
export async function findReceiptNumbers(
  db: Db,
  restaurantId: string,
  ids: readonly string[],
): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: receipts.id, number: receipts.number })
    .from(receipts)
    .where(
      and(
        eq(receipts.restaurantId, restaurantId),
        sql`${receipts.id} IN (${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`,
      ),
    );
  return new Map(rows.map((r) => [r.id, r.number]));
}

export type ReceiptFilters = { fromDate?: string; toDate?: string; q?: string };

function receiptConditions(restaurantId: string, filters: ReceiptFilters): SQL {
  const conditions: SQL[] = [eq(receipts.restaurantId, restaurantId)];
  if (filters.fromDate) conditions.push(gte(receipts.businessDate, filters.fromDate));
  if (filters.toDate) conditions.push(lte(receipts.businessDate, filters.toDate));
  if (filters.q) {
    const q = filters.q.replace(/[%_\\]/g, (c) => `\\${c}`);
    const orderNumber = /^\d{1,9}$/.test(filters.q) ? Number(filters.q) : null;
    conditions.push(
      orderNumber === null
        ? ilike(receipts.number, `%${q}%`)
        : or(ilike(receipts.number, `%${q}%`), sql`${orderNumber}::int = ANY(${receipts.orderNumbers})`)!,
    );
  }
  return and(...conditions)!;
}

export async function findReceiptPage(
  db: Db,
  restaurantId: string,
  filters: ReceiptFilters,
  page: { limit: number; offset: number },
): Promise<{ rows: SummaryRow[]; total: number }> {
  const where = receiptConditions(restaurantId, filters);
  const [rows, [counted]] = await Promise.all([
    db
      .select(summaryColumns)
      .from(receipts)
      .where(where)
      .orderBy(desc(receipts.issuedAt), desc(receipts.year), desc(receipts.seq))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(receipts).where(where),
  ]);
  return { rows, total: counted?.n ?? 0 };
}

/** What the accountant's CSV reads of a receipt. */
const exportColumns = {
  year: receipts.year,
  seq: receipts.seq,
  number: receipts.number,
  kind: receipts.kind,
  creditForId: receipts.creditForId,
  issuedAt: receipts.issuedAt,
  businessDate: receipts.businessDate,
  tableNumber: receipts.tableNumber,
  orderNumbers: receipts.orderNumbers,
  method: receipts.method,
  taxes: receipts.taxes,
  netMinor: receipts.netMinor,
  taxMinor: receipts.taxMinor,
  tipMinor: receipts.tipMinor,
  totalMinor: receipts.totalMinor,
  currency: receipts.currency,
};
export type ExportedReceipt = { [K in keyof typeof exportColumns]: ReceiptRow[K] };

/** Receipts of business days from–to in number order, a batch after `after` (year, seq). */
export function findReceiptBatch(
  db: Db,
  restaurantId: string,
  filters: { fromDate: string; toDate: string },
  after: { year: number; seq: number } | null,
  limit: number,
): Promise<ExportedReceipt[]> {
  return db
    .select(exportColumns)
    .from(receipts)
    .where(
      and(
        receiptConditions(restaurantId, filters),
        after ? sql`(${receipts.year}, ${receipts.seq}) > (${after.year}, ${after.seq})` : undefined,
      ),
    )
    .orderBy(asc(receipts.year), asc(receipts.seq))
    .limit(limit);
}

// ---- closed days -------------------------------------------------------------------------------

/** The closed days on or after `date` (few: a receipt walks past them to the next open day). */
export async function findClosedDatesFrom(db: Db, restaurantId: string, date: string): Promise<Set<string>> {
  const rows = await db
    .select({ date: businessDays.date })
    .from(businessDays)
    .where(and(eq(businessDays.restaurantId, restaurantId), gte(businessDays.date, date)));
  return new Set(rows.map((r) => r.date));
}

export async function findClosedDay(
  db: Db,
  restaurantId: string,
  date: string,
): Promise<ClosedDayRow | undefined> {
  const [row] = await db
    .select()
    .from(businessDays)
    .where(and(eq(businessDays.restaurantId, restaurantId), eq(businessDays.date, date)));
  return row;
}

export async function insertClosedDay(
  db: Db,
  values: typeof businessDays.$inferInsert,
): Promise<ClosedDayRow> {
  const [row] = await db.insert(businessDays).values(values).returning();
  return row!;
}

export async function findClosedDayPage(
  db: Db,
  restaurantId: string,
  page: { limit: number; offset: number },
): Promise<{ rows: ClosedDayRow[]; total: number }> {
  const where = eq(businessDays.restaurantId, restaurantId);
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(businessDays)
      .where(where)
      .orderBy(desc(businessDays.date))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(businessDays).where(where),
  ]);
  return { rows, total: counted?.n ?? 0 };
}

// ---- a day's figures ---------------------------------------------------------------------------

export type DayReceiptFigures = {
  receipts: number;
  creditNotes: number;
  first: string | null;
  last: string | null;
  netMinor: number;
  taxMinor: number;
  tipMinor: number;
  serviceChargeMinor: number;
  /** By payment method: what its receipts took, what its credit notes gave back. */
  methods: { method: ReceiptRow['method']; count: number; amount: number; refunds: number }[];
};

/** What the receipts and credit notes of a business day add up to, read once. */
export async function sumReceiptsOfDay(
  db: Db,
  restaurantId: string,
  date: string,
): Promise<DayReceiptFigures> {
  const [row] = await queryRows<{
    receipts: number;
    credit_notes: number;
    first: string | null;
    last: string | null;
    net: number;
    tax: number;
    tip: number;
    service: number;
    methods: DayReceiptFigures['methods'] | null;
  }>(
    db,
    sql`WITH day AS MATERIALIZED (
          SELECT kind, method, number, year, seq, net_minor, tax_minor, tip_minor, service_charge_minor, total_minor
          FROM receipts WHERE restaurant_id = ${restaurantId} AND business_date = ${date}
        )
        SELECT count(*) FILTER (WHERE kind = 'receipt')::int AS receipts,
          count(*) FILTER (WHERE kind = 'credit_note')::int AS credit_notes,
          (SELECT number FROM day WHERE kind = 'receipt' ORDER BY year, seq LIMIT 1) AS first,
          (SELECT number FROM day WHERE kind = 'receipt' ORDER BY year DESC, seq DESC LIMIT 1) AS last,
          coalesce(sum(net_minor), 0)::int AS net, coalesce(sum(tax_minor), 0)::int AS tax,
          coalesce(sum(tip_minor), 0)::int AS tip, coalesce(sum(service_charge_minor), 0)::int AS service,
          (SELECT json_agg(m ORDER BY m.method) FROM (
             SELECT method, count(*) FILTER (WHERE kind = 'receipt')::int AS count,
               coalesce(sum(total_minor) FILTER (WHERE kind = 'receipt'), 0)::int AS amount,
               coalesce(-sum(total_minor) FILTER (WHERE kind = 'credit_note'), 0)::int AS refunds
             FROM day GROUP BY method
           ) m) AS methods
        FROM day`,
  );
  return {
    receipts: row?.receipts ?? 0,
    creditNotes: row?.credit_notes ?? 0,
    first: row?.first ?? null,
    last: row?.last ?? null,
    netMinor: row?.net ?? 0,
    taxMinor: row?.tax ?? 0,
    tipMinor: row?.tip ?? 0,
    serviceChargeMinor: row?.service ?? 0,
    methods: row?.methods ?? [],
  };
}

/** The tax of each business day's receipts and credit notes, by date (0 for a day without). */
export async function sumTaxOfDays(
  db: Db,
  restaurantId: string,
  dates: readonly string[],
): Promise<number[]> {
  const rows = await queryRows<{ date: string; tax: number }>(
    db,
    sql`SELECT business_date::text AS date, sum(tax_minor)::int AS tax FROM receipt_day_taxes
        WHERE restaurant_id = ${restaurantId} AND business_date::text IN (${sql.join(
          dates.map((date) => sql`${date}`),
          sql`, `,
        )})
        GROUP BY 1`,
  );
  const byDate = new Map(rows.map((row) => [row.date, Number(row.tax)]));
  return dates.map((date) => byDate.get(date) ?? 0);
}

/** A business day's taxes by rate, as its receipts and credit notes added them up. */
export function sumTaxesOfDay(db: Db, restaurantId: string, date: string) {
  return queryRows<{ name: string; rate: number; net: number; tax: number }>(
    db,
    sql`SELECT name, rate_bp AS rate, net_minor::int AS net, tax_minor::int AS tax FROM receipt_day_taxes
        WHERE restaurant_id = ${restaurantId} AND business_date = ${date}
          AND (net_minor <> 0 OR tax_minor <> 0)
        ORDER BY rate_bp, name`,
  );
}

/** How many orders placed in [from, to) were not cancelled. */
export async function countOrdersBetween(
  db: Db,
  restaurantId: string,
  from: Date,
  to: Date,
): Promise<number> {
  const [row] = await queryRows<{ orders: number }>(
    db,
    sql`SELECT count(*)::int AS orders FROM orders
        WHERE restaurant_id = ${restaurantId} AND status <> 'cancelled'
          AND created_at >= ${from.toISOString()} AND created_at < ${to.toISOString()}`,
  );
  return row?.orders ?? 0;
}

/**
 * Whether `token` lets a guest read a receipt: the guest token of one of its orders, or the code of
 * the table one of them was placed at.
 */
export async function guestMayRead(
  db: Db,
  receipt: Pick<ReceiptRow, 'restaurantId' | 'orderIds'>,
  token: string,
  tokenHash: string,
): Promise<boolean> {
  const rows = await queryRows<{ ok: number }>(
    db,
    sql`SELECT 1 AS ok FROM orders o LEFT JOIN dining_tables t ON t.id = o.table_id
        WHERE o.restaurant_id = ${receipt.restaurantId}
          AND o.id IN (${sql.join(
            receipt.orderIds.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})
          AND (o.guest_token_hash = ${tokenHash} OR t.qr_token = ${token})
        LIMIT 1`,
  );
  return rows.length > 0;
}

// ---- what is still open at a day's close ------------------------------------------------------

export type OpenBillRow = {
  tableId: string;
  tableNumber: number;
  tableLabel: string | null;
  openedAt: Date;
  totalMinor: number;
  paidMinor: number;
  cashMinor: number;
};

/**
 * The tables' open bills (orders with no visit yet, not cancelled) begun before `before` with
 * something still to pay, by table number, each with the cash taken on it (less cash given back).
 */
export async function findOpenBillsBefore(
  db: Db,
  restaurantId: string,
  before: Date,
): Promise<OpenBillRow[]> {
  const rows = await queryRows<{
    table_id: string;
    number: number;
    label: string | null;
    opened_at: string | Date;
    total: number;
    paid: number;
    cash: number;
  }>(
    db,
    sql`SELECT t.id AS table_id, t.number, t.label, b.opened_at, b.total, b.paid,
          coalesce((
            SELECT sum(p.amount_minor - p.refunded_minor) FROM payments p
            WHERE p.order_id = ANY (b.order_ids) AND p.method = 'cash' AND p.status IN ('succeeded', 'refunded')
              AND p.restaurant_id = ${restaurantId}
          ), 0)::float8 AS cash
        FROM dining_tables t
        CROSS JOIN LATERAL (
          SELECT min(o.created_at) AS opened_at, sum(o.total_minor)::float8 AS total,
            sum(o.paid_minor)::float8 AS paid, array_agg(o.id) AS order_ids
          FROM orders o
          WHERE o.table_id = t.id AND o.visit_id IS NULL AND o.status <> 'cancelled'
            AND o.restaurant_id = ${restaurantId}
        ) b
        WHERE t.restaurant_id = ${restaurantId} AND b.total > b.paid
          AND b.opened_at < ${before.toISOString()}
        ORDER BY t.number`,
  );
  return rows.map((r) => ({
    tableId: r.table_id,
    tableNumber: Number(r.number),
    tableLabel: r.label,
    openedAt: new Date(r.opened_at),
    totalMinor: Number(r.total),
    paidMinor: Number(r.paid),
    cashMinor: Number(r.cash),
  }));
}

/** Guests' online checkouts still holding a table's bill: how many, and what they would pay (tips apart). */
export async function sumHoldingCheckouts(
  db: Db,
  restaurantId: string,
): Promise<{ count: number; amountMinor: number }> {
  const [row] = await queryRows<{ count: number; amount: number }>(
    db,
    sql`SELECT count(*)::int AS count, coalesce(sum(amount_minor), 0)::float8 AS amount FROM bill_payments
        WHERE restaurant_id = ${restaurantId} AND status = 'pending' AND hold_until > now()`,
  );
  return { count: Number(row?.count ?? 0), amountMinor: Number(row?.amount ?? 0) };
}
