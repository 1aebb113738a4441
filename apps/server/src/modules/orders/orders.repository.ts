import type { TOrder, TOrderLine, TOrderStatus } from '@tavolo/contract/orders';
import { and, desc, eq, gte, ilike, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { type Db, queryRows } from '../../db/client';
import type { MenuItemRow, OrderRow } from '../../db/rows';
import { menuItems, orders, restaurants, type StoredOrderLine } from '../../db/schema';
import { EVENTS_CHANNEL } from '../../events/event-publisher';

/** A line as stored before seats, courses, voids and discounts (migration 0023) reads as one without them. */
export function withLineDefaults(line: StoredOrderLine): TOrderLine {
  return {
    ...line,
    seat: line.seat ?? null,
    course: line.course ?? null,
    voidedQuantity: line.voidedQuantity ?? 0,
    discountMinor: line.discountMinor ?? 0,
  };
}

export function toOrder(row: OrderRow): TOrder {
  return {
    id: row.id,
    number: row.number,
    tableId: row.tableId,
    tableNumber: row.tableNumber,
    source: row.source,
    takenBy: row.takenById && row.takenByName ? { id: row.takenById, name: row.takenByName } : null,
    status: row.status,
    items: row.items.map(withLineDefaults),
    subtotalMinor: row.subtotalMinor,
    discountMinor: row.discountMinor,
    serviceChargeMinor: row.serviceChargeMinor,
    tipMinor: row.tipMinor,
    totalMinor: row.totalMinor,
    paidMinor: row.paidMinor,
    paymentStatus: row.paymentStatus,
    currency: row.currency,
    note: row.note,
    customerName: row.customerName,
    statusHistory: row.statusHistory,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Every dish of the restaurant with the menu version they belong to, in one statement (so the two
 * agree): what order intake prices from while that version holds.
 */
export async function findMenuSnapshot(
  db: Db,
  restaurantId: string,
): Promise<{ version: number; items: Map<string, MenuItemRow> } | undefined> {
  const rows = await db
    .select({ version: restaurants.menuVersion, item: menuItems })
    .from(restaurants)
    .leftJoin(menuItems, eq(menuItems.restaurantId, restaurants.id))
    .where(eq(restaurants.id, restaurantId));
  if (rows.length === 0) return undefined;
  const items = new Map<string, MenuItemRow>();
  for (const { item } of rows) if (item) items.set(item.id, item);
  return { version: rows[0]!.version, items };
}

/**
 * Locks several restaurants' rows in id order (so two batches never wait for each other in
 * opposite orders) and says which menu version holds until commit. A restaurant that is gone is
 * absent.
 */
export async function lockRestaurantsForOrders(
  db: Db,
  restaurantIds: string[],
): Promise<Map<string, number>> {
  const rows = await db
    .select({ id: restaurants.id, menuVersion: restaurants.menuVersion })
    .from(restaurants)
    .where(inArray(restaurants.id, restaurantIds))
    .orderBy(restaurants.id)
    .for('no key update');
  return new Map(rows.map((row) => [row.id, row.menuVersion]));
}

/** An order priced for a batch: the order as it will be answered (but its number), and its row's rest. */
export type BatchOrder = {
  order: TOrder;
  restaurantId: string;
  guestTokenHash: string | null;
  /** The order.created event's data, but the order's number. */
  event: object;
};

/**
 * Places a batch of orders in one statement, for each restaurant whose menu is still at the
 * version they were priced at: takes their numbers, inserts them, records an order.created event
 * for each and a bill.updated for each table with its bill's figures, and announces them. A
 * restaurant whose menu moved (or that is gone) gets nothing written. Answers the numbers of the
 * orders placed, by id.
 *
 * The figures are the open bill as the statement's snapshot saw it plus the batch's orders: a hint
 * to reload the bill, as everywhere on the hot path. The restaurants' rows are locked in id order.
 */
export async function placeOrdersAtVersions(
  db: Db,
  batch: { orders: BatchOrder[]; menuVersions: Map<string, number> },
): Promise<Map<string, number>> {
  if (batch.orders.length === 0) return new Map();
  const perRestaurant = new Map<string, { orders: number; tables: Map<string, number> }>();
  const orderRows = batch.orders.map(({ order: o, restaurantId, guestTokenHash, event }) => {
    const counts = perRestaurant.get(restaurantId) ?? { orders: 0, tables: new Map<string, number>() };
    perRestaurant.set(restaurantId, counts);
    counts.orders += 1;
    if (o.tableId && !counts.tables.has(o.tableId)) counts.tables.set(o.tableId, counts.tables.size + 1);
    return {
      id: o.id,
      restaurant_id: restaurantId,
      i: counts.orders,
      table_id: o.tableId,
      table_number: o.tableNumber,
      source: o.source,
      taken_by_id: o.takenBy?.id ?? null,
      taken_by_name: o.takenBy?.name ?? null,
      status: o.status,
      items: o.items,
      subtotal_minor: o.subtotalMinor,
      service_charge_minor: o.serviceChargeMinor,
      tip_minor: o.tipMinor,
      total_minor: o.totalMinor,
      currency: o.currency,
      note: o.note,
      customer_name: o.customerName,
      guest_token_hash: guestTokenHash,
      status_history: o.statusHistory,
      created_at: o.createdAt,
      event,
    };
  });
  // Each restaurant's events: its orders' first, then one per table.
  const counts = [...perRestaurant].map(([id, c]) => ({
    id,
    orders: c.orders,
    events: c.orders + c.tables.size,
    menu_version: batch.menuVersions.get(id),
  }));
  const tables = [...perRestaurant].flatMap(([restaurantId, c]) =>
    [...c.tables].map(([tableId, j]) => ({
      restaurant_id: restaurantId,
      table_id: tableId,
      i: c.orders + j,
    })),
  );
  // One round trip; the statements live in the database function (migrations 0019, 0024), whose plans
  // PostgreSQL keeps for the session.
  const rows = await queryRows<{ id: string; number: number }>(
    db,
    sql`SELECT id, number FROM place_orders(${JSON.stringify(counts)}::jsonb, ${JSON.stringify(orderRows)}::jsonb,
          ${JSON.stringify(tables)}::jsonb, ${EVENTS_CHANNEL})`,
  );
  return new Map(rows.map((row) => [row.id, Number(row.number)]));
}

export async function findOrder(db: Db, restaurantId: string, id: string): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.restaurantId, restaurantId), eq(orders.id, id)));
  return row;
}

/**
 * A guest's order by the hash of the token issued with it. The token is the guest's whole claim:
 * it names one order of one restaurant, so no restaurant is asked for (and none is needed).
 */
export async function findOrderByGuestToken(
  db: Db,
  id: string,
  guestTokenHash: string,
): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.guestTokenHash, guestTokenHash)));
  return row;
}

/** Locks the order for a change: concurrent moves on one order take turns and see each other. */
export async function lockOrder(db: Db, restaurantId: string, id: string): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.restaurantId, restaurantId), eq(orders.id, id)))
    .for('update');
  return row;
}

/** Changes an order; every change moves its version on, so clients can tell the newer copy. */
export async function updateOrder(
  db: Db,
  restaurantId: string,
  id: string,
  values: Omit<PgUpdateSetSource<typeof orders>, 'version'>,
): Promise<OrderRow | undefined> {
  const [row] = await db
    .update(orders)
    .set({ ...values, version: sql`${orders.version} + 1` })
    .where(and(eq(orders.restaurantId, restaurantId), eq(orders.id, id)))
    .returning();
  return row;
}

export type OrderFilters = {
  statuses?: readonly TOrderStatus[];
  from?: Date;
  to?: Date;
  tableNumber?: number;
  q?: string;
};

function whereOrders(restaurantId: string, filters: OrderFilters): SQL | undefined {
  const { statuses, from, to, tableNumber, q } = filters;
  // Digits name an order number; anything else is part of the customer's name.
  const search = q
    ? /^\d{1,9}$/.test(q)
      ? eq(orders.number, Number(q))
      : ilike(orders.customerName, `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)
    : undefined;
  return and(
    eq(orders.restaurantId, restaurantId),
    statuses ? inArray(orders.status, [...statuses]) : undefined,
    from ? gte(orders.createdAt, from) : undefined,
    to ? lt(orders.createdAt, to) : undefined,
    tableNumber === undefined ? undefined : eq(orders.tableNumber, tableNumber),
    search,
  );
}

/** Newest first; `limit`/`offset` page through. */
export async function findOrders(
  db: Db,
  restaurantId: string,
  filters: OrderFilters,
  page: { limit: number; offset: number },
): Promise<{ rows: OrderRow[]; total: number }> {
  const where = whereOrders(restaurantId, filters);
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.number))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(orders).where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}
