import { serviceChargeOf } from '@tavolo/contract/money';
import {
  FINAL_ORDER_STATUSES,
  OPEN_ORDER_STATUSES,
  type TCreatedOrder,
  type TCreateOrderRequest,
  type TOrder,
  type TOrderListQuery,
  type TOrderPage,
  type TStatusChange,
} from '@tavolo/contract/orders';
import { AppError, notFound, unauthenticated } from '../../core/app-error';
import type { ServiceContext, StaffContext } from '../../core/context';
import { runIdempotently } from '../../core/idempotency';
import { actorOf } from '../../core/principal';
import { consumeRateLimit } from '../../core/rate-limit';
import { startOfLocalDate, zonedDate, zonedParts } from '../../lib/zoned-time';
import { generateToken, hashToken } from '../../security/tokens';
import { findSessionRestaurant } from '../restaurants/restaurants.service';
import { openBillUpdatedEvent } from '../table-bill/table-bill.service';
import { type ActiveTableCache, resolveActiveTable } from '../tables/active-table-cache';
import { type ActiveTableLookup, findActiveTableWithRestaurant } from '../tables/tables.repository';
import type { MenuSnapshots } from './menu-snapshots';
import { priceOrderLines } from './order-pricing';
import {
  findOrder,
  findOrderByGuestToken,
  findOrders,
  insertOrder,
  type OrderFilters,
  type OrderRow,
  takeOrderNumber,
  toOrder,
} from './orders.repository';
import { ordersToCsv } from './orders-csv';

export type OrderIntakeCaches = { activeTables: ActiveTableCache; menuSnapshots: MenuSnapshots };

/**
 * Places an order: a guest names their table by its printed code (`qrToken`), signed-in staff by
 * `tableId`. Lines are priced from the database, never from the client. With an Idempotency-Key a
 * retry gets the first order back (`replayed`) and never creates a second one.
 *
 * The hot path takes few round trips: the table comes from the active-table cache and the dishes
 * from the menu snapshot, both checked against the menu version the order number's row lock pins.
 */
export async function placeOrder(
  ctx: ServiceContext & OrderIntakeCaches,
  input: { order: TCreateOrderRequest; idempotencyKey: string | undefined },
): Promise<{ value: TCreatedOrder; replayed: boolean }> {
  const { db, events, config, activeTables, menuSnapshots } = ctx;
  const { order: request, idempotencyKey } = input;
  const guest = request.qrToken !== undefined;
  const staff = guest ? null : ctx.principal;
  if (!guest && !staff) throw unauthenticated();

  const lookup: ActiveTableLookup = guest
    ? { qrToken: request.qrToken! }
    : { restaurantId: staff!.restaurantId, tableId: request.tableId! };
  const tableGone = () =>
    guest
      ? new AppError('NOT_FOUND', 404, "This table's code is not valid any more")
      : new AppError('UNPROCESSABLE', 422, 'There is no such active table in this restaurant', {
          tableId: 'is not an active table of this restaurant',
        });
  const cached = await resolveActiveTable(activeTables, lookup, (l) => findActiveTableWithRestaurant(db, l));
  if (!cached) throw tableGone();
  const scope = staff ? `order:user:${staff.userId}` : `order:table:${cached.table.id}`;

  return runIdempotently(db, { scope, key: idempotencyKey, request }, async (tx) => {
    if (guest) {
      await consumeRateLimit(tx, {
        key: `orders:table:${cached.table.id}`,
        limit: config.rateLimits.ordersPerTable,
        windowSeconds: config.rateLimits.windowSeconds,
      });
    }
    const claimed = await takeOrderNumber(tx, cached.restaurant.id);
    if (!claimed) throw tableGone();
    // The menu moved since the table was cached (a rotated code, a closed table, a new service
    // charge all move it): read it again, now that the version cannot move before commit.
    const found =
      claimed.menuVersion === cached.restaurant.menuVersion
        ? cached
        : await findActiveTableWithRestaurant(tx, lookup);
    if (!found) throw tableGone();
    const { table, restaurant } = found;
    const menu = await menuSnapshots.itemsAt(tx, restaurant.id, claimed.menuVersion);
    if (!menu) throw tableGone();

    const now = new Date();
    const { lines, subtotalMinor } = priceOrderLines({
      requested: request.items,
      menuItems: menu,
      weekday: zonedParts(now, restaurant.timezone).weekday,
      now,
    });
    const serviceChargeMinor = serviceChargeOf(subtotalMinor, restaurant.serviceChargeBasisPoints);
    const tipMinor = request.tipMinor ?? 0;
    const guestToken = guest ? generateToken() : undefined;
    const by: TStatusChange['by'] = staff
      ? actorOf(staff)
      : { type: 'guest', id: null, name: request.customerName || 'Guest' };

    const row = await insertOrder(tx, {
      restaurantId: restaurant.id,
      number: claimed.number,
      tableId: table.id,
      tableNumber: table.number,
      source: guest ? 'qr' : 'staff',
      status: 'pending',
      items: lines,
      subtotalMinor,
      serviceChargeMinor,
      tipMinor,
      totalMinor: subtotalMinor + serviceChargeMinor + tipMinor,
      currency: restaurant.currency,
      note: request.note || null,
      customerName: request.customerName || null,
      guestTokenHash: guestToken ? hashToken(guestToken) : null,
      statusHistory: [{ status: 'pending', at: now.toISOString(), by, reason: null }],
    });
    const order = toOrder(row);
    // The board hears of the order, and every phone at the table sees its bill grow.
    const billUpdated = await openBillUpdatedEvent(tx, { restaurantId: restaurant.id, tableId: table.id });
    await events.publishAll(tx, [
      { type: 'order.created', restaurantId: restaurant.id, orderId: order.id, data: { order } },
      ...(billUpdated ? [billUpdated] : []),
    ]);
    return guestToken ? { ...order, guestToken } : order;
  });
}

/** A guest reads only the order their token was issued for; anything else looks like nothing. */
async function findGuestOrder(
  ctx: ServiceContext,
  input: { id: string; guestToken: string },
): Promise<OrderRow> {
  const row = await findOrderByGuestToken(ctx.db, input.id, hashToken(input.guestToken));
  if (!row) throw notFound('Order');
  return row;
}

/** One order: a guest's own (with its token), or any of the session's restaurant for staff. */
export async function getOrder(
  ctx: ServiceContext,
  input: { id: string; guestToken: string | undefined },
): Promise<TOrder> {
  if (input.guestToken !== undefined)
    return toOrder(await findGuestOrder(ctx, { ...input, guestToken: input.guestToken }));
  if (!ctx.principal) throw unauthenticated();
  const row = await findOrder(ctx.db, ctx.principal.restaurantId, input.id);
  if (!row) throw notFound('Order');
  return toOrder(row);
}

/** What a guest's live stream follows: their order, in its restaurant's event log. */
export async function findGuestOrderStream(
  ctx: ServiceContext,
  input: { id: string; guestToken: string },
): Promise<{ restaurantId: string; orderId: string }> {
  const row = await findGuestOrder(ctx, input);
  return { restaurantId: row.restaurantId, orderId: row.id };
}

/** Turns the list filters into bounds: dates are local days of the restaurant. */
function filtersOf(query: TOrderListQuery, timezone: string): OrderFilters {
  const isDate = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v);
  const nextDay = (v: string) => {
    const [y, m, d] = v.split('-').map(Number) as [number, number, number];
    return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
  };
  const statuses =
    query.status === 'current'
      ? OPEN_ORDER_STATUSES
      : query.status === 'past'
        ? FINAL_ORDER_STATUSES
        : query.status
          ? [query.status]
          : undefined;
  return {
    statuses,
    from: query.from
      ? isDate(query.from)
        ? startOfLocalDate(query.from, timezone)
        : new Date(query.from)
      : undefined,
    // A date means "to the end of that day".
    to: query.to
      ? isDate(query.to)
        ? startOfLocalDate(nextDay(query.to), timezone)
        : new Date(query.to)
      : undefined,
    tableNumber: query.table,
    q: query.q || undefined,
  };
}

async function timezoneOf(ctx: StaffContext): Promise<string> {
  return (await findSessionRestaurant(ctx)).timezone;
}

export async function listOrders(ctx: StaffContext, query: TOrderListQuery): Promise<TOrderPage> {
  const filters = filtersOf(query, await timezoneOf(ctx));
  const { rows, total } = await findOrders(ctx.db, ctx.principal.restaurantId, filters, {
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  return { items: rows.map(toOrder), total, page: query.page, pageSize: query.pageSize };
}

const CSV_LIMIT = 50_000;

/** The filtered orders as CSV, newest first, in a file named by the restaurant's date. */
export async function exportOrdersCsv(
  ctx: StaffContext,
  query: TOrderListQuery,
): Promise<{ filename: string; csv: string }> {
  const timezone = await timezoneOf(ctx);
  const { rows } = await findOrders(ctx.db, ctx.principal.restaurantId, filtersOf(query, timezone), {
    limit: CSV_LIMIT,
    offset: 0,
  });
  return { filename: `orders-${zonedDate(new Date(), timezone)}.csv`, csv: ordersToCsv(rows, timezone) };
}
