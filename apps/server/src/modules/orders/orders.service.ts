import {
  FINAL_ORDER_STATUSES,
  OPEN_ORDER_STATUSES,
  type TCreateOrderRequest,
  type TOrder,
  type TOrderLine,
  type TOrderListQuery,
  type TOrderPage,
  type TStatusChange,
} from '@tavolo/contract/orders';
import type { TTaxPart } from '@tavolo/contract/taxes';
import { AppError, notFound, unauthenticated } from '../../core/app-error';
import type { ServiceContext, StaffContext } from '../../core/context';
import type { IdempotencyClaim } from '../../core/idempotency';
import { actorOf } from '../../core/principal';
import type { Db } from '../../db/client';
import type { OrderRow } from '../../db/rows';
import type { EventPublisher } from '../../events/event-publisher';
import { startOfLocalDate, zonedDate } from '../../lib/zoned-time';
import { hashToken } from '../../security/tokens';
import { findSessionRestaurant } from '../restaurants/restaurants.service';
import { resolveActiveTable } from '../tables/active-table-cache';
import { type ActiveTableLookup, findActiveTable } from '../tables/tables.service';
import { followLines } from './kitchen-lines';
import type { PlacedOrder } from './order-intake';
import { orderPaymentStatus } from './order-payment-status';
import {
  findOrder,
  findOrderByGuestToken,
  findOrders,
  lockOrder,
  type OrderFilters,
  toOrder,
  updateOrder,
  withLineDefaults,
} from './orders.repository';
import { ordersToCsv } from './orders-csv';

/**
 * Places an order: a guest names their table by its printed code (`qrToken`), signed-in staff by
 * `tableId`. Lines are priced from the database, never from the client. With an Idempotency-Key a
 * retry gets the first order back (`replayed`) and never creates a second one.
 *
 * The hot path takes few round trips: the table comes from the active-table cache, and the order
 * joins the next batch of its restaurant (`order-intake.ts`), priced from the menu snapshot.
 */
export async function placeOrder(
  ctx: ServiceContext,
  input: { order: TCreateOrderRequest; claim: IdempotencyClaim | undefined },
): Promise<PlacedOrder> {
  const { db, activeTables, orderIntake } = ctx;
  const { order: request, claim } = input;
  const guest = request.qrToken !== undefined;
  const staff = guest ? null : ctx.principal;
  if (!guest && !staff) throw unauthenticated();

  const lookup: ActiveTableLookup = guest
    ? { qrToken: request.qrToken! }
    : { restaurantId: staff!.restaurantId, tableId: request.tableId! };
  const table = await resolveActiveTable(activeTables, lookup, (l) => findActiveTable(db, l));
  if (!table) {
    throw guest
      ? new AppError('NOT_FOUND', "This table's code is not valid any more")
      : new AppError('UNPROCESSABLE', 'There is no such active table in this restaurant', {
          tableId: 'is not an active table of this restaurant',
        });
  }
  const placed = await orderIntake.place({ ctx, request, staff, lookup, table, claim });
  // Its fired tickets go to their stations' printers (not awaited: the guest does not wait on paper).
  if (!placed.replayed) void ctx.kitchenPrints.fired(placed.value, table.restaurant.id);
  return placed;
}

/** One order: a guest's own (with its token), or any of the session's restaurant for staff. */
export async function getOrder(
  ctx: ServiceContext,
  input: { id: string; guestToken: string | undefined },
): Promise<TOrder> {
  if (input.guestToken !== undefined)
    return toOrder(await findGuestOrder(ctx.db, { ...input, guestToken: input.guestToken }));
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
  const row = await findGuestOrder(ctx.db, input);
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

// ---- what other modules change of an order (money moves, reviews) -----------------------------------

/**
 * The order a guest's token was issued for. Any other order (or token) answers 404, so an order
 * that exists and a token that is not its own look alike.
 */
export async function findGuestOrder(db: Db, input: { id: string; guestToken: string }): Promise<OrderRow> {
  const row = await findOrderByGuestToken(db, input.id, hashToken(input.guestToken));
  if (!row) throw notFound('Order');
  return row;
}

/** An order row as the API shows it (another module's screen listing orders it read). */
export function presentOrder(row: OrderRow): TOrder {
  return toOrder(row);
}

/** One order of the restaurant as its row, or undefined. */
export function findOrderRow(db: Db, restaurantId: string, id: string): Promise<OrderRow | undefined> {
  return findOrder(db, restaurantId, id);
}

/** Locks the order for a change: concurrent changes to one order take turns and see each other. */
export function lockOrderForChange(db: Db, restaurantId: string, id: string): Promise<OrderRow | undefined> {
  return lockOrder(db, restaurantId, id);
}

/**
 * Writes a locked order's money — paid (succeeded payments less refunds) and refunded — with the
 * payment status that follows, and announces the order (`order.updated`) in the same transaction.
 */
export async function saveOrderMoney(
  db: Db,
  events: EventPublisher,
  order: OrderRow,
  money: { paidMinor: number; refundedMinor: number },
): Promise<TOrder> {
  const row = await updateOrder(db, order.restaurantId, order.id, {
    ...money,
    paymentStatus: orderPaymentStatus({ totalMinor: order.totalMinor, ...money }),
  });
  const updated = toOrder(row!);
  await events.publish(db, {
    type: 'order.updated',
    restaurantId: order.restaurantId,
    orderId: order.id,
    data: { order: updated },
  });
  return updated;
}

/** An order as the contract has it, from its row. */
export function orderOf(row: OrderRow): TOrder {
  return toOrder(row);
}

/** An order's lines as the contract has them (lines stored before migration 0023 read with defaults). */
export function linesOf(order: OrderRow): TOrderLine[] {
  return order.items.map((line) => withLineDefaults(line, order));
}

/**
 * Writes a locked order's lines and totals after staff changed it (a line changed, units voided, a
 * discount given), with the payment status and the order status that follow (`by` made the
 * change), and announces it (`order.updated`).
 */
export async function saveOrderLines(
  db: Db,
  events: EventPublisher,
  order: OrderRow,
  change: Pick<
    OrderRow,
    | 'subtotalMinor'
    | 'discountMinor'
    | 'serviceChargeMinor'
    | 'netMinor'
    | 'taxMinor'
    | 'taxes'
    | 'totalMinor'
  > & {
    items: TOrderLine[];
    serviceChargeTax: TTaxPart;
  },
  by: TStatusChange['by'],
): Promise<TOrder> {
  const row = await updateOrder(db, order.restaurantId, order.id, {
    ...change,
    // A void can leave every line still wanted ready, a new course send a line: the status follows.
    ...followLines(order, change.items, by, new Date()),
    paymentStatus: orderPaymentStatus({
      totalMinor: change.totalMinor,
      paidMinor: order.paidMinor,
      refundedMinor: order.refundedMinor,
    }),
  });
  return announceOrder(db, events, row!);
}

/** Moves a locked order to another table (its open bill) and announces it (`order.updated`). */
export async function moveOrderToTable(
  db: Db,
  events: EventPublisher,
  order: OrderRow,
  table: { id: string; number: number },
): Promise<TOrder> {
  const row = await updateOrder(db, order.restaurantId, order.id, {
    tableId: table.id,
    tableNumber: table.number,
  });
  return announceOrder(db, events, row!);
}

async function announceOrder(db: Db, events: EventPublisher, row: OrderRow): Promise<TOrder> {
  const updated = toOrder(row);
  await events.publish(db, {
    type: 'order.updated',
    restaurantId: row.restaurantId,
    orderId: row.id,
    data: { order: updated },
  });
  return updated;
}

/**
 * A kitchen's change to an order's lines (a bump, a recall, a course fired), in one transaction:
 * the order is locked, `change` answers its new lines, the order's status follows them (recorded in
 * its history with who made the change), and the order is written and announced (`order.updated`).
 * Cancelled and completed orders answer 409 — a cancelled one's lines may still be acknowledged
 * (`cancelledToo`: the VOID marks its cancellation left on the stations).
 */
export async function changeKitchenLines(
  ctx: StaffContext,
  orderId: string,
  change: (lines: TOrderLine[], now: Date) => TOrderLine[],
  options: { cancelledToo?: boolean } = {},
): Promise<TOrder> {
  const { db, events, principal } = ctx;
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, principal.restaurantId, orderId);
    if (!order) throw notFound('Order');
    const changeable = options.cancelledToo && order.status === 'cancelled';
    if (FINAL_ORDER_STATUSES.includes(order.status) && !changeable) {
      throw new AppError(
        'INVALID_TRANSITION',
        `Order #${order.number} is ${order.status}; its lines cannot change`,
      );
    }
    const now = new Date();
    const lines = linesOf(order);
    const items = change(lines, now);
    if (JSON.stringify(items) === JSON.stringify(lines)) return toOrder(order);
    const followed = followLines(order, items, actorOf(principal), now);
    const row = await updateOrder(tx, principal.restaurantId, order.id, { items, ...followed });
    return announceOrder(tx, events, row!);
  });
}
