import { NO_TAX, type TaxRateRef } from '@tavolo/contract/money';
import type { TKitchenStatus, TOrder, TOrderLine, TOrderStatus } from '@tavolo/contract/orders';
import { and, desc, eq, gte, ilike, inArray, lt, type SQL, sql } from 'drizzle-orm';
import { alias, type PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { type Db, queryRows } from '../../db/client';
import type { MenuItemRow, OrderRow } from '../../db/rows';
import {
  categories,
  menuItems,
  orders,
  restaurants,
  type StoredOrderLine,
  stations,
  taxRates,
} from '../../db/schema';
import { EVENTS_CHANNEL } from '../../events/event-publisher';

/** What the kitchen had done with lines placed before stations (migration 0025), by their order's status. */
const KITCHEN_STATUS_OF_OLD_LINES: Record<OrderRow['status'], TKitchenStatus> = {
  pending: 'queued',
  accepted: 'queued',
  preparing: 'preparing',
  ready: 'ready',
  served: 'served',
  completed: 'served',
  cancelled: 'voided',
};

/**
 * A line as stored before seats, courses, voids and discounts (migration 0023) or the kitchen's
 * states (0025) reads as one without them: fired with its order, where its order's status says.
 */
export function withLineDefaults(
  line: StoredOrderLine,
  order: Pick<OrderRow, 'status' | 'createdAt'>,
): TOrderLine {
  const voidedQuantity = line.voidedQuantity ?? 0;
  return {
    ...line,
    seat: line.seat ?? null,
    course: line.course ?? 0,
    voidedQuantity,
    discountMinor: line.discountMinor ?? 0,
    stationId: line.stationId ?? null,
    kitchenStatus:
      line.kitchenStatus ?? (line.quantity === 0 ? 'voided' : KITCHEN_STATUS_OF_OLD_LINES[order.status]),
    firedAt: line.firedAt === undefined ? order.createdAt.toISOString() : line.firedAt,
    startedAt: line.startedAt ?? null,
    readyAt: line.readyAt ?? null,
    voidedAt: line.voidedAt ?? null,
    kitchenNotice: line.kitchenNotice ?? null,
    // Lines placed before taxes (migration 0029) carried none: all of what they charge is net.
    tax: line.tax ?? { ...NO_TAX, netMinor: line.lineTotalMinor, taxMinor: 0 },
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
    items: row.items.map((line) => withLineDefaults(line, row)),
    subtotalMinor: row.subtotalMinor,
    discountMinor: row.discountMinor,
    serviceChargeMinor: row.serviceChargeMinor,
    tipMinor: row.tipMinor,
    pricesIncludeTax: row.pricesIncludeTax,
    netMinor: row.netMinor ?? row.totalMinor - row.tipMinor,
    taxMinor: row.taxMinor,
    taxes: row.taxes,
    serviceChargeTax: row.serviceChargeTax ?? {
      ...NO_TAX,
      netMinor: row.serviceChargeMinor,
      taxMinor: 0,
    },
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

/** A dish as order intake prices it: with the station, course and tax rate its lines get (PRODUCT.md §10, §11). */
export type SnapshotItem = MenuItemRow & {
  /** The dish's station, else its category's, else the restaurant's default station. */
  stationId: string | null;
  /** Its category's course. */
  course: number;
  /** The dish's rate, else its category's, else the default rate; no tax without rates. */
  tax: TaxRateRef;
};

/** What order intake prices from at one menu version: the dishes and how they are taxed. */
export type MenuSnapshot = {
  items: Map<string, SnapshotItem>;
  pricesIncludeTax: boolean;
  /** The default rate, which the service charge is taxed at. */
  serviceChargeRate: TaxRateRef;
};

const itemRates = alias(taxRates, 'item_rates');
const defaultRates = alias(taxRates, 'default_rates');

/** A rate's name and basis points, or no tax. */
function rateRef(rate: { name: string; rateBasisPoints: number } | null): TaxRateRef {
  return rate ? { name: rate.name, rateBasisPoints: rate.rateBasisPoints } : NO_TAX;
}

/**
 * Every dish of the restaurant with the menu version they belong to, in one statement (so the two
 * agree): what order intake prices from while that version holds. Stations, courses and tax rates
 * are part of the menu: changing a category's or a dish's, a rate, or deleting a station, moves the
 * version on.
 */
export async function findMenuSnapshot(
  db: Db,
  restaurantId: string,
): Promise<({ version: number } & MenuSnapshot) | undefined> {
  const rows = await db
    .select({
      version: restaurants.menuVersion,
      pricesIncludeTax: restaurants.pricesIncludeTax,
      item: menuItems,
      categoryStationId: categories.stationId,
      course: categories.course,
      defaultStationId: stations.id,
      itemRate: { name: itemRates.name, rateBasisPoints: itemRates.rateBasisPoints },
      defaultRate: { name: defaultRates.name, rateBasisPoints: defaultRates.rateBasisPoints },
    })
    .from(restaurants)
    .leftJoin(stations, and(eq(stations.restaurantId, restaurants.id), eq(stations.isDefault, true)))
    .leftJoin(
      defaultRates,
      and(eq(defaultRates.restaurantId, restaurants.id), eq(defaultRates.isDefault, true)),
    )
    .leftJoin(menuItems, eq(menuItems.restaurantId, restaurants.id))
    .leftJoin(categories, eq(categories.id, menuItems.categoryId))
    .leftJoin(itemRates, eq(itemRates.id, sql`coalesce(${menuItems.taxRateId}, ${categories.taxRateId})`))
    .where(eq(restaurants.id, restaurantId));
  if (rows.length === 0) return undefined;
  const serviceChargeRate = rateRef(rows[0]!.defaultRate);
  const items = new Map<string, SnapshotItem>();
  for (const { item, categoryStationId, course, defaultStationId, itemRate } of rows) {
    if (!item) continue;
    items.set(item.id, {
      ...item,
      stationId: item.stationId ?? categoryStationId ?? defaultStationId,
      course: course ?? 0,
      tax: itemRate ? rateRef(itemRate) : serviceChargeRate,
    });
  }
  return { version: rows[0]!.version, items, pricesIncludeTax: rows[0]!.pricesIncludeTax, serviceChargeRate };
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

/** Units a stock batch takes from one counted dish. */
export type StockTake = { restaurantId: string; menuItemId: string; units: number };

/** The SQLSTATE of a stock batch `place_orders` undid: a dish short or sold out, or the menu moved. */
export const STOCK_BATCH_UNDONE = 'TV001';

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
  batch: {
    orders: BatchOrder[];
    menuVersions: Map<string, number>;
    /**
     * A stock batch's units of counted dishes, taken in the same statement: then every order is
     * placed and every unit taken, or the statement fails with `STOCK_BATCH_UNDONE` and does nothing.
     */
    stock?: StockTake[];
  },
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
      prices_include_tax: o.pricesIncludeTax,
      net_minor: o.netMinor,
      tax_minor: o.taxMinor,
      taxes: o.taxes,
      service_charge_tax: o.serviceChargeTax,
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
  const stock = batch.stock
    ? JSON.stringify(
        batch.stock.map((s) => ({ restaurant_id: s.restaurantId, id: s.menuItemId, units: s.units })),
      )
    : null;
  // One round trip; the statements live in the database function (migrations 0019, 0024, 0032), whose
  // plans PostgreSQL keeps for the session.
  const rows = await queryRows<{ id: string; number: number }>(
    db,
    sql`SELECT id, number FROM place_orders(${JSON.stringify(counts)}::jsonb, ${JSON.stringify(orderRows)}::jsonb,
          ${JSON.stringify(tables)}::jsonb, ${EVENTS_CHANNEL}, ${stock}::jsonb)`,
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
