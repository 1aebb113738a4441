import type { TOrderStatus } from '@tavolo/contract/orders';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import type { OrderRow } from '../../db/rows';
import { diningTables, orders, restaurants, staff } from '../../db/schema';
import { type FloorFigures, type OrderMark, orderFiguresOf, type TableFigures } from './floor-model';

type FigureRow = {
  id: string;
  number: number;
  label: string | null;
  area: string | null;
  seats: number | null;
  active: boolean;
  covers: number | null;
  waiter_id: string | null;
  waiter_name: string | null;
  opened_at: number | null;
  total: number;
  paid: number;
  open_requests: number;
  bill_requested: boolean;
  hold_until: number | null;
  now: number;
  seq: number;
};

/** An instant as milliseconds since 1970 (a double on both drivers, whatever their date parsing). */
const ms = (column: ReturnType<typeof sql>) => sql`floor(extract(epoch FROM ${column}) * 1000)::float8`;

const uuids = (ids: readonly string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;

/**
 * The restaurant's tables in figures but their orders (each a few index lookups, however long its
 * bill), with the database's clock and the restaurant's last event number, in one statement (one
 * snapshot: the figures are those of every event up to `seq`): every active table, or the tables
 * named (active or not; a table not found is gone).
 */
export async function findTableFigures(
  db: Db,
  restaurantId: string,
  tableIds?: readonly string[],
): Promise<{ tables: TableFigures[]; now: number; seq: number }> {
  const which = tableIds === undefined ? sql`t.active` : sql`t.id = ANY(${uuids(tableIds)})`;
  const rows = await queryRows<FigureRow>(
    db,
    sql`WITH requests AS (
          SELECT q.table_id, count(*)::int AS open_requests, bool_or(q.kind = 'bill') AS bill_requested
          FROM service_requests q
          WHERE q.restaurant_id = ${restaurantId} AND q.status = 'open'
          GROUP BY q.table_id
        )
        SELECT t.id, t.number, t.label, t.area, t.seats, t.active, t.visit_covers AS covers,
          t.visit_waiter_id AS waiter_id, s.name AS waiter_name, ${ms(sql`t.visit_opened_at`)} AS opened_at,
          b.total, b.paid,
          coalesce(r.open_requests, 0) AS open_requests, coalesce(r.bill_requested, false) AS bill_requested,
          h.hold_until, ${ms(sql`now()`)} AS now,
          (SELECT x.event_seq FROM restaurants x WHERE x.id = ${restaurantId}) AS seq
        FROM dining_tables t
        LEFT JOIN staff s ON s.id = t.visit_waiter_id AND s.restaurant_id = t.restaurant_id
        CROSS JOIN LATERAL (
          SELECT ob.total_minor::float8 AS total, ob.paid_minor::float8 AS paid
          FROM table_open_bills ob WHERE ob.table_id = t.id
          UNION ALL
          -- A table not counted yet (migration 0020); the limit leaves this unread when the row is there.
          SELECT c.total::float8, c.paid::float8 FROM table_open_bill_counted(t.id) c
          LIMIT 1
        ) b
        LEFT JOIN requests r ON r.table_id = t.id
        CROSS JOIN LATERAL (
          SELECT ${ms(sql`min(p.hold_until)`)} AS hold_until
          FROM bill_payments p
          WHERE p.table_id = t.id AND p.visit_id = t.visit_id AND p.status = 'pending' AND p.hold_until > now()
        ) h
        WHERE t.restaurant_id = ${restaurantId} AND ${which}`,
  );
  const head = rows[0];
  const meta = head
    ? { now: Number(head.now), seq: Number(head.seq) }
    : await findClockAndSeq(db, restaurantId);
  return {
    ...meta,
    tables: rows.map((r) => ({
      id: r.id,
      number: Number(r.number),
      label: r.label,
      area: r.area,
      seats: r.seats === null ? null : Number(r.seats),
      active: r.active,
      covers: r.covers === null ? null : Number(r.covers),
      waiterId: r.waiter_id,
      waiterName: r.waiter_name,
      openedAtMs: r.opened_at === null ? null : Number(r.opened_at),
      totalMinor: Number(r.total),
      paidMinor: Number(r.paid),
      openRequests: Number(r.open_requests),
      billRequested: r.bill_requested,
      holdUntilMs: r.hold_until === null ? null : Number(r.hold_until),
    })),
  };
}

/** The database's clock and the restaurant's last event number (for a floor with no table found). */
async function findClockAndSeq(db: Db, restaurantId: string): Promise<{ now: number; seq: number }> {
  const [row] = await queryRows<{ now: number; seq: number }>(
    db,
    sql`SELECT ${ms(sql`now()`)} AS now,
          coalesce((SELECT x.event_seq FROM restaurants x WHERE x.id = ${restaurantId}), 0) AS seq`,
  );
  return { now: Number(row!.now), seq: Number(row!.seq) };
}

/** An order on a table's open bill (not cancelled), as the floor marks it. */
export type OpenBillOrderMark = OrderMark & { orderId: string; tableId: string };

/**
 * The orders on the open bills of the tables named (of every table when none are), not cancelled:
 * read when a floor is built and when a visit ends; events keep them in between.
 */
export async function findOpenBillOrderMarks(
  db: Db,
  restaurantId: string,
  tableIds?: readonly string[],
): Promise<OpenBillOrderMark[]> {
  const which =
    tableIds === undefined ? sql`o.table_id IS NOT NULL` : sql`o.table_id = ANY(${uuids(tableIds)})`;
  const rows = await queryRows<{
    order_id: string;
    table_id: string;
    status: TOrderStatus;
    created_at: number;
  }>(
    db,
    sql`SELECT o.id AS order_id, o.table_id, o.status, ${ms(sql`o.created_at`)} AS created_at
        FROM orders o
        WHERE o.restaurant_id = ${restaurantId} AND ${which} AND o.visit_id IS NULL AND o.status <> 'cancelled'`,
  );
  return rows.map((r) => ({
    orderId: r.order_id,
    tableId: r.table_id,
    status: r.status,
    createdAtMs: Number(r.created_at),
  }));
}

/** The tables named (or every active one) in figures, their orders counted: for a read that stands alone. */
export async function findFloorFigures(
  db: Db,
  restaurantId: string,
  tableIds?: readonly string[],
): Promise<FloorFigures[]> {
  const { tables } = await findTableFigures(db, restaurantId, tableIds);
  const byTable = new Map<string, OrderMark[]>();
  for (const mark of await findOpenBillOrderMarks(
    db,
    restaurantId,
    tables.map((t) => t.id),
  )) {
    const marks = byTable.get(mark.tableId);
    if (marks) marks.push(mark);
    else byTable.set(mark.tableId, [mark]);
  }
  return tables.map((table) => ({ ...table, ...orderFiguresOf(byTable.get(table.id) ?? []) }));
}

/** The orders of the table's open bill, cancelled ones too, by number. */
export async function findVisitOrders(db: Db, restaurantId: string, tableId: string): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(and(eq(orders.restaurantId, restaurantId), eq(orders.tableId, tableId), isNull(orders.visitId)))
    .orderBy(asc(orders.number));
}

/** The restaurant's active staff by name, as waiters are named. */
export async function findActiveStaffNames(
  db: Db,
  restaurantId: string,
): Promise<{ id: string; name: string }[]> {
  return db
    .select({ id: staff.id, name: staff.name })
    .from(staff)
    .where(and(eq(staff.restaurantId, restaurantId), eq(staff.active, true)))
    .orderBy(asc(staff.name), asc(staff.id));
}

/** An active staff member of the restaurant, as a waiter is named. */
export async function findActiveStaffMember(
  db: Db,
  restaurantId: string,
  id: string,
): Promise<{ id: string; name: string } | undefined> {
  const [row] = await db
    .select({ id: staff.id, name: staff.name })
    .from(staff)
    .where(and(eq(staff.restaurantId, restaurantId), eq(staff.id, id), eq(staff.active, true)));
  return row;
}

/**
 * Writes the visit as staff opened or changed it. Its opening stays the first one it had: staff's,
 * else its first order's (a guest's QR order opened it), else now.
 */
export async function saveVisit(
  db: Db,
  restaurantId: string,
  tableId: string,
  visit: { covers: number | null; waiterId: string | null },
): Promise<void> {
  await db
    .update(diningTables)
    .set({
      visitCovers: visit.covers,
      visitWaiterId: visit.waiterId,
      visitOpenedAt: sql`coalesce(${diningTables.visitOpenedAt}, (
        SELECT min(o.created_at) FROM orders o
        WHERE o.table_id = ${diningTables.id} AND o.visit_id IS NULL AND o.status <> 'cancelled'
          AND o.restaurant_id = ${restaurantId}
      ), now())`,
    })
    .where(and(eq(diningTables.restaurantId, restaurantId), eq(diningTables.id, tableId)));
}

/**
 * Holds the restaurant's row, where events are numbered, before a floor entry is read for an event:
 * whatever changed the table before has committed (its event numbered before ours, its change in
 * what we read), and whatever changes it after numbers its event after ours, so the entry is the
 * table exactly as of our event (decision 029). Taken after the table's lock (decision 022's order).
 */
export async function lockRestaurantEvents(db: Db, restaurantId: string): Promise<void> {
  await db
    .select({ id: restaurants.id })
    .from(restaurants)
    .where(eq(restaurants.id, restaurantId))
    .for('no key update');
}
