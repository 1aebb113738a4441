import { randomUUID } from 'node:crypto';
import { pathOf } from '@tavolo/contract/endpoint';
import { EVENT_SCHEMAS, type TBillUpdatedData, type TEventType } from '@tavolo/contract/events';
import { IDEMPOTENCY_KEY_HEADER, ordersEndpoints, type TCreatedOrder } from '@tavolo/contract/orders';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  type SeededRestaurant,
  seedRestaurant,
  type TestApp,
} from '../../../test/helpers';
import { queryRows } from '../../db/client';
import { restaurantEvents, restaurants } from '../../db/schema';

// Order intake writes its events in SQL (`place_orders`, migrations 0019 and 0020), not through the
// publisher that parses every event against the contract. This suite holds those events to the same
// contract: every event a guest's, a staff member's and a group-committed batch's orders write is
// read back from the log and parsed with its type's schema, and every type the function can write
// is among those seen.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { ORDER_LIMIT_PER_TABLE: '10000' } });
});
afterAll(() => t.close());

/** The event types written by the `place_orders` the migrations left in the database. */
async function typesPlaceOrdersWrites(): Promise<string[]> {
  const functions = await queryRows<{ source: string }>(
    t.database.db,
    sql`SELECT prosrc AS source FROM pg_proc WHERE proname = 'place_orders'`,
  );
  expect(functions).toHaveLength(1);
  const inserts = functions[0]!.source.match(/INSERT INTO restaurant_events[\s\S]*?RETURNING/g) ?? [];
  expect(inserts.length).toBeGreaterThan(0);
  const types = inserts.flatMap((insert) =>
    [...insert.matchAll(/'([a-z_]+\.[a-z_]+)'/g)].map((match) => match[1]!),
  );
  return [...new Set(types)].sort();
}

async function lastEventSeq(restaurantId: string): Promise<number> {
  const [row] = await t.database.db
    .select({ seq: restaurants.eventSeq })
    .from(restaurants)
    .where(eq(restaurants.id, restaurantId));
  return row!.seq;
}

async function eventsAfter(restaurantId: string, seq: number) {
  return t.database.db
    .select({ seq: restaurantEvents.seq, type: restaurantEvents.type, data: restaurantEvents.data })
    .from(restaurantEvents)
    .where(and(eq(restaurantEvents.restaurantId, restaurantId), gt(restaurantEvents.seq, seq)))
    .orderBy(asc(restaurantEvents.seq));
}

/** Places an order, as a guest (by the table's code) or as the restaurant's owner (by its id). */
async function placeOrder(
  r: SeededRestaurant,
  as: 'guest' | 'staff',
  tableIndex: number,
  options: { quantity?: number; keyed?: boolean } = {},
): Promise<TCreatedOrder> {
  const table = r.tables[tableIndex]!;
  const items = [{ menuItemId: r.items[tableIndex % r.items.length]!.id, quantity: options.quantity ?? 1 }];
  const response = await t.app.inject({
    method: ordersEndpoints.placeOrder.method,
    url: pathOf(ordersEndpoints.placeOrder),
    headers: {
      ...(as === 'staff' ? bearer(r.owner.token) : {}),
      ...(options.keyed ? { [IDEMPOTENCY_KEY_HEADER]: randomUUID() } : {}),
    },
    payload:
      as === 'guest'
        ? { qrToken: table.qrToken, items, customerName: 'Guest at the window' }
        : { tableId: table.id, items, note: 'no onions' },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<TCreatedOrder>();
}

describe('the events place_orders writes', () => {
  it('follow the contract: singles and a group-committed batch, on tables with an open bill part paid', async () => {
    const dishes = [
      { name: 'Risotto', priceMinor: 1450 },
      { name: 'Tiramisù', priceMinor: 650 },
    ];
    const a = await seedRestaurant(t.app, { dishes, tables: [1, 2, 3] });
    const b = await seedRestaurant(t.app, { dishes, tables: [7] });

    // An open bill with money on it already: an order on table 1, part paid in cash.
    const first = await placeOrder(a, 'staff', 0, { quantity: 2 });
    const paid = await t.app.inject({
      method: ordersEndpoints.recordPayment.method,
      url: pathOf(ordersEndpoints.recordPayment, { id: first.id }),
      headers: bearer(a.owner.token),
      payload: { method: 'cash', amountMinor: 1000 },
    });
    expect(paid.statusCode, paid.body).toBe(201);

    // From here on only place_orders writes events.
    const marks = new Map([
      [a.owner.restaurantId, await lastEventSeq(a.owner.restaurantId)],
      [b.owner.restaurantId, await lastEventSeq(b.owner.restaurantId)],
    ]);
    const placed: TCreatedOrder[] = [];
    // Singles: a guest's (with a key: the batch's transaction) and a staff member's (without one:
    // a single statement).
    placed.push(await placeOrder(a, 'guest', 0, { keyed: true }));
    placed.push(await placeOrder(a, 'staff', 1));
    // Orders that arrive together go into one batch: two restaurants, several tables, guests and
    // staff, with and without keys.
    placed.push(
      ...(await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          placeOrder(i % 4 === 3 ? b : a, i % 2 === 0 ? 'guest' : 'staff', i % 4 === 3 ? 0 : i % 3, {
            keyed: i % 3 === 0,
            quantity: 1 + (i % 2),
          }),
        ),
      )),
    );

    const answered = new Map(placed.map(({ guestToken: _token, ...order }) => [order.id, order]));
    const problems: string[] = [];
    const seen = new Set<string>();
    let longestRunOfOrders = 0;
    const bills: TBillUpdatedData[] = [];
    for (const [restaurantId, mark] of marks) {
      let run = 0;
      for (const event of await eventsAfter(restaurantId, mark)) {
        seen.add(event.type);
        run = event.type === 'order.created' ? run + 1 : 0;
        longestRunOfOrders = Math.max(longestRunOfOrders, run);
        if (!(event.type in EVENT_SCHEMAS)) {
          problems.push(`#${event.seq} ${event.type}: not an event of the contract`);
          continue;
        }
        const parsed = EVENT_SCHEMAS[event.type as TEventType].safeParse(event.data);
        if (!parsed.success) {
          problems.push(`#${event.seq} ${event.type}: ${JSON.stringify(parsed.error.issues)}`);
          continue;
        }
        // What the web reads on the stream is what the order's caller was answered.
        if (event.type === 'order.created') {
          const { order } = event.data as { order: TCreatedOrder };
          expect(order).toEqual(answered.get(order.id));
          answered.delete(order.id);
        }
        if (event.type === 'bill.updated') bills.push(event.data as TBillUpdatedData);
      }
    }
    expect(problems).toEqual([]);
    // Every order placed has its event; a batch placed several orders in one call.
    expect([...answered.keys()]).toEqual([]);
    expect(longestRunOfOrders).toBeGreaterThan(1);
    // Table 1's bill carries the payment taken before.
    expect(bills.some((bill) => bill.tableId === a.tables[0]!.id && bill.paidMinor === 1000)).toBe(true);
    // Every type the function can write was written, and the contract declares each.
    const written = await typesPlaceOrdersWrites();
    expect(written).toEqual(['bill.updated', 'order.created']);
    expect([...seen].sort()).toEqual(written);
  });
});
