import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathOf } from '@tavolo/contract/endpoint';
import { menuEndpoints } from '@tavolo/contract/menu';
import { ordersEndpoints, type TCreatedOrder } from '@tavolo/contract/orders';
import { restaurantsEndpoints } from '@tavolo/contract/restaurants';
import { tablesEndpoints } from '@tavolo/contract/tables';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  callApi,
  changeUnheard,
  createTestApp,
  errorOf,
  injectApi,
  itRaces,
  seedRestaurant,
  type TestApp,
} from '../../../test/helpers';
import { expectOpenBillsAsCounted } from '../../../test/money';
import { queryRows } from '../../db/client';

// Order intake prices from an in-process menu snapshot and takes the table from the active-table
// cache (orders.service.ts): both are checked against the menu version the order number's row lock
// pins, so an order is never priced or placed against a menu that moved on.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { ORDER_LIMIT_PER_TABLE: '10000' } });
});
afterAll(() => t.close());
// The open bills' kept figures never drift from their orders, whatever a test did.
afterEach(() => expectOpenBillsAsCounted(t.database.db));

const order = (body: object, headers: Record<string, string> = {}) =>
  injectApi(t.app, ordersEndpoints.placeOrder, { headers, body });

/** A change straight in the database with the triggers off: no NOTIFY empties any cache. */
const behindTheCaches = (change: SQL) => changeUnheard(t.database.db, change);

describe('pricing from the menu snapshot', () => {
  it('prices a change the caches never heard of once the menu version moved, and not before', async () => {
    const r = await seedRestaurant(t.app, { dishes: [{ name: 'Tea', priceMinor: 300 }] });
    const tea = r.items[0]!;
    const body = { qrToken: r.tables[0]!.qrToken, items: [{ menuItemId: tea.id, quantity: 1 }] };
    expect((await order(body)).json<TCreatedOrder>().subtotalMinor).toBe(300);

    // The dish changes, the version does not: the snapshot answers (no query for the dishes).
    await behindTheCaches(sql`UPDATE menu_items SET price_minor = 450 WHERE id = ${tea.id}`);
    expect((await order(body)).json<TCreatedOrder>().subtotalMinor).toBe(300);
    // The version moves (as every change through the API moves it), still unheard by the caches:
    // the order's own row lock sees it, and the dish is read again.
    await behindTheCaches(
      sql`UPDATE restaurants SET menu_version = menu_version + 1 WHERE id = ${r.owner.restaurantId}`,
    );
    expect((await order(body)).json<TCreatedOrder>().subtotalMinor).toBe(450);
  });

  it('refuses a dish sold out a moment ago, and takes it again once it is back', async () => {
    const r = await seedRestaurant(t.app, { dishes: [{ name: 'Soup', priceMinor: 700 }] });
    const soup = r.items[0]!;
    const body = { qrToken: r.tables[0]!.qrToken, items: [{ menuItemId: soup.id, quantity: 2 }] };
    expect((await order(body)).statusCode).toBe(201);
    await callApi(t.app, r.owner.token, menuEndpoints.setSoldOut, {
      params: { id: soup.id },
      body: { soldOut: true },
    });
    const refused = await order(body);
    expect(refused.statusCode).toBe(422);
    expect(errorOf(refused).fields?.['items.0.menuItemId']).toMatch(/sold out/i);
    await callApi(t.app, r.owner.token, menuEndpoints.setSoldOut, {
      params: { id: soup.id },
      body: { soldOut: false },
    });
    expect((await order(body)).json<TCreatedOrder>().subtotalMinor).toBe(1400);
  });

  it('charges a new service charge at once, and refuses a table switched off behind the cache', async () => {
    const r = await seedRestaurant(t.app, { dishes: [{ name: 'Wine', priceMinor: 1000 }], tables: [1, 2] });
    const [open, closing] = r.tables as [(typeof r.tables)[0], (typeof r.tables)[0]];
    const line = [{ menuItemId: r.items[0]!.id, quantity: 1 }];
    expect((await order({ qrToken: open.qrToken, items: line })).json().serviceChargeMinor).toBe(0);
    expect((await order({ qrToken: closing.qrToken, items: line })).statusCode).toBe(201);
    await callApi(t.app, r.owner.token, restaurantsEndpoints.updateRestaurant, {
      params: { id: r.owner.restaurantId },
      body: { serviceChargePercent: 12.5 },
    });
    expect((await order({ qrToken: open.qrToken, items: line })).json().serviceChargeMinor).toBe(125);

    await behindTheCaches(sql`UPDATE dining_tables SET active = false WHERE id = ${closing.id}`);
    await behindTheCaches(
      sql`UPDATE restaurants SET menu_version = menu_version + 1 WHERE id = ${r.owner.restaurantId}`,
    );
    expect((await order({ qrToken: closing.qrToken, items: line })).statusCode).toBe(404);
  });

  it('refuses the codes of a rotated and of a deleted table', async () => {
    const r = await seedRestaurant(t.app, { tables: [1, 2] });
    const [rotated, deleted] = r.tables as [(typeof r.tables)[0], (typeof r.tables)[0]];
    const line = [{ menuItemId: r.items[0]!.id, quantity: 1 }];
    for (const table of r.tables)
      expect((await order({ qrToken: table.qrToken, items: line })).statusCode).toBe(201);
    await callApi(t.app, r.owner.token, tablesEndpoints.rotateTableQr, { params: { id: rotated.id } });
    expect((await order({ qrToken: rotated.qrToken, items: line })).statusCode).toBe(404);
    await callApi(t.app, r.owner.token, ordersEndpoints.updateOrderStatus, {
      params: { id: await openOrderAt(deleted.id) },
      body: { status: 'cancelled', reason: 'Test' },
    });
    await callApi(t.app, r.owner.token, tablesEndpoints.deleteTable, { params: { id: deleted.id } });
    expect((await order({ qrToken: deleted.qrToken, items: line })).statusCode).toBe(404);
  });
});

async function openOrderAt(tableId: string): Promise<string> {
  const [row] = await queryRows<{ id: string }>(
    t.database.db,
    sql`SELECT id FROM orders WHERE table_id = ${tableId}`,
  );
  return row!.id;
}

/** POST /api/orders over a real socket of `agent`. */
function post(port: number, agent: http.Agent, body: object, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; body: { id?: string; number?: number } }>((resolve, reject) => {
    const payload = JSON.stringify(body);
    const request = http.request(
      {
        port,
        host: '127.0.0.1',
        method: 'POST',
        path: pathOf(ordersEndpoints.placeOrder),
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          ...headers,
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => {
          text += chunk;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) }));
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

describe('order numbers under load', () => {
  // Twenty keep-alive connections place orders at once; some are refused (an unknown dish), some are
  // retried with their Idempotency-Key while the first try may still be running. On PostgreSQL (a
  // pool of ten connections) they race for the restaurant's row. (Batches of orders that arrive
  // together are tested on either database below.)
  itRaces('are unique and gap-free over 20 concurrent connections; no order is lost or doubled', async () => {
    const r = await seedRestaurant(t.app, { tables: [1, 2, 3, 4] });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const agent = new http.Agent({ keepAlive: true, maxSockets: 20 });
    const dish = r.items[0]!.id;
    const placed = new Map<string, number>();
    let refused = 0;
    try {
      await Promise.all(
        Array.from({ length: 20 }, async (_, connection) => {
          for (let i = 0; i < 8; i++) {
            const table = r.tables[(connection + i) % r.tables.length]!;
            if (i === 3) {
              const answer = await post(port, agent, {
                qrToken: table.qrToken,
                items: [{ menuItemId: '00000000-0000-4000-8000-000000000000', quantity: 1 }],
              });
              expect(answer.status).toBe(422);
              refused += 1;
              continue;
            }
            const body = { qrToken: table.qrToken, items: [{ menuItemId: dish, quantity: 1 + (i % 3) }] };
            const key = { 'idempotency-key': `load-${connection}-${i}` };
            const tries = await Promise.all(
              i % 2 === 0
                ? [post(port, agent, body, key), post(port, agent, body, key)]
                : [post(port, agent, body)],
            );
            // A retry racing its first try may hear 409 (still being processed); never a second order.
            const created = tries.filter((answer) => answer.status === 201);
            expect(tries.every((answer) => answer.status === 201 || answer.status === 409)).toBe(true);
            expect(new Set(created.map((answer) => answer.body.id)).size).toBe(1);
            placed.set(created[0]!.body.id!, created[0]!.body.number!);
          }
        }),
      );
    } finally {
      agent.destroy();
    }
    expect(refused).toBe(20);
    expect(placed.size).toBe(20 * 7);
    const rows = await queryRows<{ id: string; number: number }>(
      t.database.db,
      sql`SELECT id, number FROM orders WHERE restaurant_id = ${r.owner.restaurantId} ORDER BY number`,
    );
    // Every acknowledged order is there with the number it was told, and nothing else is.
    expect(new Map(rows.map((row) => [row.id, row.number]))).toEqual(placed);
    expect(rows.map((row) => row.number)).toEqual(Array.from({ length: rows.length }, (_, i) => i + 1));
  });
});

/** Runs `work` while the database refuses (raises on) any order for a customer named Boom. */
async function whileTheDatabaseRefusesBoom(work: () => Promise<void>): Promise<void> {
  await t.database.db.execute(sql`
    CREATE OR REPLACE FUNCTION refuse_order_of_boom() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.customer_name = 'Boom' THEN RAISE EXCEPTION 'refused by the test'; END IF;
      RETURN NEW;
    END $$`);
  await t.database.db.execute(sql`
    CREATE TRIGGER refuse_order_of_boom BEFORE INSERT ON orders
    FOR EACH ROW EXECUTE FUNCTION refuse_order_of_boom()`);
  try {
    await work();
  } finally {
    await t.database.db.execute(sql`DROP TRIGGER refuse_order_of_boom ON orders`);
  }
}

describe('orders that arrive together (group commit)', () => {
  // The first of a burst runs alone; the rest wait for it and go together in the next batch, in
  // one transaction. What one of them does wrong must not touch the others.
  const burst = (bodies: object[]) => Promise.all(bodies.map((body) => order(body)));

  it('refuses a bad order of a batch alone, and numbers the rest without a gap', async () => {
    const r = await seedRestaurant(t.app, { tables: [1, 2] });
    const line = [{ menuItemId: r.items[0]!.id, quantity: 1 }];
    const answers = await burst(
      Array.from({ length: 10 }, (_, i) => ({
        qrToken: r.tables[i % 2]!.qrToken,
        items: i === 4 ? [{ menuItemId: '00000000-0000-4000-8000-000000000000', quantity: 1 }] : line,
        customerName: `Guest ${i}`,
      })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201, 422, 201, 201, 201, 201, 201]);
    // Each guest got their own order (they may come in any order on PostgreSQL's pool), and the
    // board heard of every one.
    const placed = answers.filter((a) => a.statusCode === 201).map((a) => a.json<TCreatedOrder>());
    expect(placed.map((o) => o.number).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(placed.map((o) => o.customerName)).toEqual([0, 1, 2, 3, 5, 6, 7, 8, 9].map((i) => `Guest ${i}`));
    const created = await queryRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM restaurant_events
          WHERE restaurant_id = ${r.owner.restaurantId} AND type = 'order.created'`,
    );
    expect(created[0]!.n).toBe(9);
  });

  it("numbers each restaurant's orders on their own when a batch holds several restaurants", async () => {
    const restaurants = [
      await seedRestaurant(t.app),
      await seedRestaurant(t.app),
      await seedRestaurant(t.app),
    ];
    const answers = await burst(
      Array.from({ length: 15 }, (_, i) => {
        const r = restaurants[i % 3]!;
        return { qrToken: r.tables[0]!.qrToken, items: [{ menuItemId: r.items[0]!.id, quantity: 1 }] };
      }),
    );
    expect(answers.every((a) => a.statusCode === 201)).toBe(true);
    for (const [k, r] of restaurants.entries()) {
      const mine = answers.filter((_, i) => i % 3 === k).map((a) => a.json<TCreatedOrder>());
      expect(mine.map((o) => o.number).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5]);
      const [bill] = await queryRows<{ n: number; total: number }>(
        t.database.db,
        sql`SELECT count(*)::int AS n, max((data ->> 'totalMinor')::int) AS total FROM restaurant_events
            WHERE restaurant_id = ${r.owner.restaurantId} AND type = 'bill.updated'`,
      );
      // Every phone at the table heard the bill grow, up to the five orders' total.
      expect(bill!.n).toBeGreaterThan(0);
      expect(bill!.total).toBe(mine.reduce((sum, o) => sum + o.totalMinor, 0));
    }
  });

  it('places every other order of a batch the database refuses, each on its own', async () => {
    const r = await seedRestaurant(t.app);
    const line = [{ menuItemId: r.items[0]!.id, quantity: 1 }];
    // A database that refuses one guest's order: the batch holding it fails as a whole, and its
    // orders are placed again one by one.
    await whileTheDatabaseRefusesBoom(async () => {
      const answers = await burst(
        Array.from({ length: 8 }, (_, i) => ({
          qrToken: r.tables[0]!.qrToken,
          items: line,
          customerName: i === 3 ? 'Boom' : `Guest ${i}`,
        })),
      );
      expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 500, 201, 201, 201, 201]);
      const numbers = answers.filter((a) => a.statusCode === 201).map((a) => a.json<TCreatedOrder>().number);
      expect([...numbers].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    });
  });

  it('places an order once when a later part of its batch is refused', async () => {
    const a = await seedRestaurant(t.app);
    const b = await seedRestaurant(t.app);
    const staffOrder = (r: typeof a, customerName: string) =>
      injectApi(t.app, ordersEndpoints.placeOrder, {
        headers: { authorization: `Bearer ${r.owner.token}` },
        body: {
          tableId: r.tables[0]!.id,
          items: [{ menuItemId: r.items[0]!.id, quantity: 1 }],
          customerName,
        },
      });
    // Warm the caches, then move B's menu behind them: B's order goes to the batch's second pass,
    // after A's orders were written; the database refuses it there.
    expect((await staffOrder(a, 'Warm')).statusCode).toBe(201);
    expect((await staffOrder(b, 'Warm')).statusCode).toBe(201);
    await behindTheCaches(
      sql`UPDATE restaurants SET menu_version = menu_version + 1 WHERE id = ${b.owner.restaurantId}`,
    );
    await whileTheDatabaseRefusesBoom(async () => {
      const answers = await Promise.all([
        staffOrder(a, 'First'),
        staffOrder(a, 'Second'),
        staffOrder(b, 'Boom'),
        staffOrder(a, 'Third'),
      ]);
      expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 500, 201]);
    });
    const placed = await queryRows<{ customer_name: string; number: number }>(
      t.database.db,
      sql`SELECT customer_name, number FROM orders WHERE restaurant_id = ${a.owner.restaurantId} ORDER BY number`,
    );
    expect(placed.map((o) => o.number)).toEqual([1, 2, 3, 4]);
    expect(placed.map((o) => o.customer_name).sort()).toEqual(['First', 'Second', 'Third', 'Warm']);
  });

  it("counts only a table's placed orders against its rate limit, however many arrive at once", async () => {
    const limited = await createTestApp({ env: { ORDER_LIMIT_PER_TABLE: '3' } });
    try {
      const r = await seedRestaurant(limited.app);
      const table = r.tables[0]!;
      const good = { qrToken: table.qrToken, items: [{ menuItemId: r.items[0]!.id, quantity: 1 }] };
      const bad = {
        qrToken: table.qrToken,
        items: [{ menuItemId: '00000000-0000-4000-8000-000000000000', quantity: 1 }],
      };
      const answers = await Promise.all(
        [good, bad, good, bad, good, good, good].map((body) =>
          injectApi(limited.app, ordersEndpoints.placeOrder, { body }),
        ),
      );
      // The refused orders do not use up the window: three good orders go through, whichever
      // arrive first, and the other two are one too many.
      const goods = answers.filter((_, i) => i !== 1 && i !== 3).map((a) => a.statusCode);
      expect(goods.sort()).toEqual([201, 201, 201, 429, 429]);
      expect([answers[1]!.statusCode, answers[3]!.statusCode]).toEqual([422, 422]);
      const [count] = await queryRows<{ count: number }>(
        limited.database.db,
        sql`SELECT count FROM rate_limits WHERE key = ${`orders:table:${table.id}`}`,
      );
      expect(count!.count).toBe(3);
    } finally {
      await limited.close();
    }
  });
});
