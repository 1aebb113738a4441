import type { TCreatedOrder, TCreateOrderRequest, TOrder, TStatusChange } from '@tavolo/contract/orders';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { EventPublisher } from '../../events/event-publisher';
import { AppError, notFound } from '../../http/app-error';
import type { Principal } from '../../http/auth';
import { type Answer, runIdempotently } from '../../http/idempotency';
import { zonedParts } from '../../lib/zoned-time';
import { consumeRateLimit } from '../../security/rate-limit';
import { generateToken, hashToken } from '../../security/tokens';
import { priceOrderLines, serviceChargeOf } from './order-pricing';
import {
  findMenuItemsByIds,
  findOrder,
  findTableForOrdering,
  insertOrder,
  nextOrderNumber,
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
      data: { orderId: order.id },
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
