import type { QueryOf } from '@tavolo/contract/endpoint';

import { ordersEndpoints, type TCreatedOrder } from '@tavolo/contract/orders';
import type { TTable } from '@tavolo/contract/tables';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callApi,
  createStaffMember,
  createTestApp,
  describeEndpoint,
  injectApi,
  type Owner,
  registerOwner,
  seedRestaurant,
  type TestApp,
} from '../../../test/helpers';

// Listing and exporting orders. Its own file (apart from the lifecycle's tests): the orders it
// places and moves in beforeAll would otherwise reach every lifecycle rule outside any one test.
let t: TestApp;
let owner: Owner;

beforeAll(async () => {
  t = await createTestApp({ env: { ORDER_LIMIT_PER_TABLE: '1000' } });
  owner = await registerOwner(t.app);
});
afterAll(() => t.close());

describe('GET /api/orders/restaurant/{restaurantId}', () => {
  let fresh: Owner;
  let freshTables: TTable[];
  let placed: TCreatedOrder[];

  beforeAll(async () => {
    const seeded = await seedRestaurant(t.app, {
      register: { timezone: 'America/New_York' },
      category: 'Only',
      dishes: [{ name: 'Bagel', priceMinor: 400 }],
      tables: [1, 2],
    });
    fresh = seeded.owner;
    freshTables = seeded.tables;
    const item = seeded.items[0]!;
    placed = [];
    for (let i = 0; i < 25; i++) {
      const response = await injectApi(t.app, ordersEndpoints.placeOrder, {
        body: {
          qrToken: freshTables[i % 2]!.qrToken,
          customerName: i === 7 ? '=1+1 Zoë' : `Guest ${i}`,
          items: [{ menuItemId: item.id, quantity: 1 }],
        },
      });
      placed.push(response.json<TCreatedOrder>());
    }
    // Spread them over time: order i was placed i hours ago.
    for (const [i, order] of placed.entries()) {
      await t.database.db.execute(
        sql`UPDATE orders SET created_at = now() - make_interval(hours => ${i}) WHERE id = ${order.id}`,
      );
    }
    await callApi(t.app, fresh.token, ordersEndpoints.updateOrderStatus, {
      params: { id: placed[0]!.id },
      body: { status: 'cancelled', reason: 'Test' },
    });
    await callApi(t.app, fresh.token, ordersEndpoints.updateOrderStatus, {
      params: { id: placed[1]!.id },
      body: { status: 'accepted' },
    });
  });

  const list = (query: QueryOf<typeof ordersEndpoints.listOrders>, token = fresh.token) =>
    callApi(t.app, token, ordersEndpoints.listOrders, {
      params: { restaurantId: fresh.restaurantId },
      query,
    });

  it('pages newest first with total, page and pageSize (capped at 100)', async () => {
    const first = await list({ pageSize: 10 });
    expect(first).toMatchObject({ total: 25, page: 1, pageSize: 10 });
    expect(first.items.map((o) => o.id)).toEqual(placed.slice(0, 10).map((o) => o.id));
    const third = await list({ pageSize: 10, page: 3 });
    expect(third.items.map((o) => o.id)).toEqual(placed.slice(20).map((o) => o.id));
    const tooBig = await injectApi(t.app, ordersEndpoints.listOrders, {
      token: fresh.token,
      params: { restaurantId: fresh.restaurantId },
      query: { pageSize: '1000' },
    });
    expect(tooBig.statusCode).toBe(400);
  });

  it('filters by current, past and one status', async () => {
    expect((await list({ status: 'past' })).items.map((o) => o.id)).toEqual([placed[0]!.id]);
    expect((await list({ status: 'current', pageSize: 100 })).total).toBe(24);
    expect((await list({ status: 'accepted' })).items.map((o) => o.id)).toEqual([placed[1]!.id]);
  });

  it('filters by table, by order number and by customer name', async () => {
    expect((await list({ table: freshTables[1]!.number, pageSize: 100 })).total).toBe(12);
    expect((await list({ q: String(placed[3]!.number) })).items.map((o) => o.id)).toEqual([placed[3]!.id]);
    expect((await list({ q: 'zo' })).items.map((o) => o.customerName)).toEqual(['=1+1 Zoë']);
    expect((await list({ q: '%' })).total).toBe(0);
  });

  it('filters by time: ISO instants, and dates read in the restaurant time zone', async () => {
    const from = new Date(Date.now() - 5.5 * 3_600_000).toISOString();
    const to = new Date(Date.now() - 2.5 * 3_600_000).toISOString();
    const window = await list({ from, to });
    expect(window.items.map((o) => o.id)).toEqual(placed.slice(3, 6).map((o) => o.id));
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date());
    const todays = await list({ from: today, to: today, pageSize: 100 });
    expect(todays.total).toBeGreaterThan(0);
    expect(todays.total).toBeLessThanOrEqual(25);
    for (const query of [
      { from: 'yesterday' },
      { to: '9999-99-99' },
      { from: '2025-02-31' },
      { from: '-271821-04-20T00:00:00Z' },
      { from: '0001-01-01' },
      { q: 'a\u0000b' },
    ]) {
      for (const endpoint of [ordersEndpoints.listOrders, ordersEndpoints.exportOrdersCsv]) {
        const bad = await injectApi(t.app, endpoint, {
          token: fresh.token,
          params: { restaurantId: fresh.restaurantId },
          query,
        });
        expect(bad.statusCode, `${describeEndpoint(endpoint)} ${JSON.stringify(query)}`).toBe(400);
      }
    }
  });

  it('exports CSV with the same filters, formulas defused', async () => {
    const response = await injectApi(t.app, ordersEndpoints.exportOrdersCsv, {
      token: fresh.token,
      params: { restaurantId: fresh.restaurantId },
      query: { status: 'current' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const rows = response.body.trim().split('\r\n');
    expect(rows[0]).toBe(
      'number,created_at,table,source,status,customer,items,subtotal,service_charge,net,tax,tip,total,paid,payment_status,currency,note',
    );
    expect(rows).toHaveLength(25);
    expect(rows.find((r) => r.includes('Zo'))).toContain(",'=1+1 Zoë,");
    expect(rows[1]).toContain(',1× Bagel,4.00,0.00,4.00,0.00,0.00,4.00,0.00,unpaid,EUR,');
  });

  it('answers 404 for another restaurant and 403 without orders.view', async () => {
    expect(
      (
        await injectApi(t.app, ordersEndpoints.listOrders, {
          token: owner.token,
          params: { restaurantId: fresh.restaurantId },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await injectApi(t.app, ordersEndpoints.exportOrdersCsv, {
          token: owner.token,
          params: { restaurantId: fresh.restaurantId },
        })
      ).statusCode,
    ).toBe(404);
    const ownList = await callApi(t.app, owner.token, ordersEndpoints.listOrders, {
      params: { restaurantId: owner.restaurantId },
      query: { pageSize: '100' },
    });
    expect(ownList.items.every((o) => !placed.some((p) => p.id === o.id))).toBe(true);
    await t.database.db.execute(
      sql`UPDATE roles SET permissions = '{}' WHERE restaurant_id = ${fresh.restaurantId} AND name = 'Cashier'`,
    );
    const cashier = await createStaffMember(t, fresh, 'Cashier');
    expect(
      (
        await injectApi(t.app, ordersEndpoints.listOrders, {
          token: cashier.token,
          params: { restaurantId: fresh.restaurantId },
        })
      ).statusCode,
    ).toBe(403);
  });
});
