import {
  FINAL_ORDER_STATUSES,
  type TCreatedOrder,
  type TCreateOrderRequest,
  type TOrder,
  type TOrderListQuery,
  type TOrderPage,
  type TStatusChange,
} from '@tavolo/contract/orders';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { EventPublisher } from '../../events/event-publisher';
import { AppError, notFound } from '../../http/app-error';
import type { Principal } from '../../http/auth';
import { type Answer, runIdempotently } from '../../http/idempotency';
import type { RequestContext } from '../../http/route-context';
import { startOfLocalDate, zonedParts } from '../../lib/zoned-time';
import { consumeRateLimit } from '../../security/rate-limit';
import { generateToken, hashToken } from '../../security/tokens';
import { findRestaurantById } from '../restaurants/restaurants.repository';
import { CURRENT_STATUSES } from './order-lifecycle';
import { priceOrderLines, serviceChargeOf } from './order-pricing';
import {
  findMenuItemsByIds,
  findOrder,
  findOrders,
  findTableForOrdering,
  insertOrder,
  nextOrderNumber,
  type OrderFilters,
  toOrder,
} from './orders.repository';

type OrderContext = { db: Db; events: EventPublisher; config: Config };

/** Who places the order: a guest holding the table's code, or signed-in staff naming a table. */
export type OrderPlacer = { kind: 'guest' } | { kind: 'staff'; principal: Principal; name: string };

/**
 * Places an order. Lines are priced from the database, never from the client; the answer is 201
 * with the order (and, for a guest, the token to follow it). With an Idempotency-Key a retry
 * replays the first answer and never creates a second order.
 */
export async function placeOrder(
  ctx: OrderContext,
  options: { input: TCreateOrderRequest; placer: OrderPlacer; idempotencyKey: string | undefined },
): Promise<Answer<TCreatedOrder> & { replayed: boolean }> {
  const { db, events, config } = ctx;
  const { input, placer, idempotencyKey } = options;

  const found =
    placer.kind === 'guest'
      ? await findTableForOrdering(db, { qrToken: input.qrToken! })
      : await findTableForOrdering(db, {
          restaurantId: placer.principal.restaurantId,
          tableId: input.tableId!,
        });
  if (!found) {
    if (placer.kind === 'guest')
      throw new AppError('NOT_FOUND', 404, "This table's code is not valid any more");
    throw new AppError('UNPROCESSABLE', 422, 'There is no such active table in this restaurant', {
      tableId: 'is not an active table of this restaurant',
    });
  }
  const { table, restaurant } = found;
  const scope = placer.kind === 'guest' ? `order:table:${table.id}` : `order:user:${placer.principal.userId}`;

  return runIdempotently<TCreatedOrder>(db, { scope, key: idempotencyKey, request: input }, async (tx) => {
    if (placer.kind === 'guest') {
      await consumeRateLimit(tx, {
        key: `orders:table:${table.id}`,
        limit: config.rateLimits.ordersPerTable,
        windowSeconds: config.rateLimits.windowSeconds,
      });
    }
    const now = new Date();
    const menu = await findMenuItemsByIds(
      tx,
      restaurant.id,
      input.items.map((line) => line.menuItemId),
    );
    const { lines, subtotalMinor } = priceOrderLines({
      requested: input.items,
      menuItems: menu,
      weekday: zonedParts(now, restaurant.timezone).weekday,
      now,
    });
    const serviceChargeMinor = serviceChargeOf(subtotalMinor, restaurant.serviceChargeBasisPoints);
    const tipMinor = input.tipMinor ?? 0;
    const guestToken = placer.kind === 'guest' ? generateToken() : undefined;
    const by: TStatusChange['by'] =
      placer.kind === 'guest'
        ? { type: 'guest', id: null, name: input.customerName || 'Guest' }
        : { type: placer.principal.userType, id: placer.principal.userId, name: placer.name };

    const row = await insertOrder(tx, {
      restaurantId: restaurant.id,
      number: await nextOrderNumber(tx, restaurant.id),
      tableId: table.id,
      tableNumber: table.number,
      source: placer.kind === 'guest' ? 'qr' : 'staff',
      status: 'pending',
      items: lines,
      subtotalMinor,
      serviceChargeMinor,
      tipMinor,
      totalMinor: subtotalMinor + serviceChargeMinor + tipMinor,
      currency: restaurant.currency,
      note: input.note || null,
      customerName: input.customerName || null,
      guestTokenHash: guestToken ? hashToken(guestToken) : null,
      statusHistory: [{ status: 'pending', at: now.toISOString(), by, reason: null }],
    });
    const order = toOrder(row);
    await events.publish(tx, {
      type: 'order.created',
      restaurantId: restaurant.id,
      orderId: order.id,
      data: { order },
    });
    return { status: 201, body: guestToken ? { ...order, guestToken } : order };
  });
}

/** A guest reads only the order their token was issued for; anything else looks like nothing. */
export async function getOrderForGuest(db: Db, orderId: string, guestToken: string): Promise<TOrder> {
  const row = await findOrder(db, orderId);
  if (!row?.guestTokenHash || row.guestTokenHash !== hashToken(guestToken)) throw notFound('Order');
  return toOrder(row);
}

export async function getOrderForStaff(db: Db, principal: Principal, orderId: string): Promise<TOrder> {
  const row = await findOrder(db, orderId);
  if (!row || row.restaurantId !== principal.restaurantId) throw notFound('Order');
  return toOrder(row);
}

/** Turns the list filters into bounds: dates are local days of the restaurant. */
async function filtersOf(ctx: RequestContext, query: TOrderListQuery): Promise<OrderFilters> {
  const restaurant = await findRestaurantById(ctx.db, ctx.principal.restaurantId);
  const timezone = restaurant?.timezone ?? 'UTC';
  const isDate = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v);
  const nextDay = (v: string) => {
    const [y, m, d] = v.split('-').map(Number) as [number, number, number];
    return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
  };
  const statuses =
    query.status === 'current'
      ? CURRENT_STATUSES
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

export async function listOrders(ctx: RequestContext, query: TOrderListQuery): Promise<TOrderPage> {
  const filters = await filtersOf(ctx, query);
  const { rows, total } = await findOrders(ctx.db, ctx.principal.restaurantId, filters, {
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  return { items: rows.map(toOrder), total, page: query.page, pageSize: query.pageSize };
}

const CSV_LIMIT = 50_000;

/** The filtered orders as CSV (money in major units, times in the restaurant's zone), newest first. */
export async function exportOrdersCsv(ctx: RequestContext, query: TOrderListQuery): Promise<string> {
  const restaurant = await findRestaurantById(ctx.db, ctx.principal.restaurantId);
  const timezone = restaurant?.timezone ?? 'UTC';
  const filters = await filtersOf(ctx, query);
  const { rows } = await findOrders(ctx.db, ctx.principal.restaurantId, filters, {
    limit: CSV_LIMIT,
    offset: 0,
  });
  const header = [
    'number',
    'created_at',
    'table',
    'source',
    'status',
    'customer',
    'items',
    'subtotal',
    'service_charge',
    'tip',
    'total',
    'paid',
    'payment_status',
    'currency',
    'note',
  ];
  const lines = rows.map((row) => {
    const money = (minor: number) => formatMajor(minor, row.currency);
    return [
      row.number,
      formatLocal(row.createdAt, timezone),
      row.tableNumber,
      row.source,
      row.status,
      row.customerName ?? '',
      row.items.map((line) => `${line.quantity}× ${line.name}`).join('; '),
      money(row.subtotalMinor),
      money(row.serviceChargeMinor),
      money(row.tipMinor),
      money(row.totalMinor),
      money(row.paidMinor),
      row.paymentStatus,
      row.currency,
      row.note ?? '',
    ].map(csvCell);
  });
  return `${[header, ...lines].map((cells) => cells.join(',')).join('\r\n')}\r\n`;
}

/** Quotes a CSV cell, and defuses text a spreadsheet would run as a formula. */
function csvCell(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

function formatMajor(minor: number, currency: string): string {
  const digits =
    new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  return (minor / 10 ** digits).toFixed(digits);
}

function formatLocal(instant: Date, timezone: string): string {
  const p = zonedParts(instant, timezone);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${p.year}-${pad(p.month)}-${pad(p.day)} ${pad(p.hour)}:${pad(p.minute)}`;
}
