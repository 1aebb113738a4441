import { ordersEndpoints, type TCreatedOrder } from '@tavolo/contract/orders';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  injectApi,
  openEventStream,
  seedRestaurant,
  type TestApp,
  urlOf,
} from '../../test/helpers';
import { queryRows } from '../db/client';

// Two ways a resuming client once broke the live layer (found by mutation testing, issue 18): an id
// beyond the log froze the restaurant's live events for every stream opened after it, and a client
// that had missed more than a thousand events got the first thousand only.

let shared: TestApp | undefined;
let base = '';
async function testApp(): Promise<TestApp> {
  if (!shared) {
    shared = await createTestApp();
    base = await shared.app.listen({ port: 0, host: '127.0.0.1' });
  }
  return shared;
}
afterAll(() => shared?.close());

describe('a stream resuming from an id', () => {
  it('beyond the log starts afresh, and leaves the restaurant live for every other stream', async () => {
    const t = await testApp();
    const r = await seedRestaurant(t.app);
    const placed = await injectApi(t.app, ordersEndpoints.placeOrder, {
      body: { qrToken: r.tables[0]!.qrToken, items: [{ menuItemId: r.items[0]!.id, quantity: 1 }] },
    });
    const order = placed.json<TCreatedOrder>();
    const [{ seq }] = (await queryRows<{ seq: number }>(
      t.database.db,
      sql`SELECT event_seq AS seq FROM restaurants WHERE id = ${r.owner.restaurantId}`,
    )) as [{ seq: number }];

    // A guest's phone resumes with a made-up id while no other stream of the restaurant is open.
    const guest = await openEventStream(
      base +
        urlOf(ordersEndpoints.guestOrderStream, {
          params: { id: order.id },
          query: { guestToken: order.guestToken!, lastEventId: '99999999' },
        }),
    );
    const staff = await openEventStream(
      base + urlOf(ordersEndpoints.restaurantStream),
      bearer(r.owner.token),
    );
    try {
      const fresh = await guest.next((e) => e.event === 'ready');
      expect(fresh.id).toBe(String(seq));
      await staff.next((e) => e.event === 'ready');
      const accepted = await injectApi(t.app, ordersEndpoints.updateOrderStatus, {
        token: r.owner.token,
        params: { id: order.id },
        body: { status: 'accepted' },
      });
      expect(accepted.statusCode).toBe(200);
      await staff.next((e) => e.event === 'order.updated');
      await guest.next((e) => e.event === 'order.updated');
    } finally {
      await guest.close();
      await staff.close();
    }
  });

  it('replays every event it missed, however many', async () => {
    const t = await testApp();
    const r = await seedRestaurant(t.app);
    const from = await openEventStream(base + urlOf(ordersEndpoints.restaurantStream), bearer(r.owner.token));
    const ready = await from.next((e) => e.event === 'ready');
    await from.close();
    const missed = 2_345;
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`
        INSERT INTO restaurant_events (restaurant_id, seq, type, data)
        SELECT ${r.owner.restaurantId}, ${Number(ready.id)} + n, 'menu.updated', '{"reason":"item.updated"}'::jsonb
        FROM generate_series(1, ${missed}) AS n`);
      await tx.execute(
        sql`UPDATE restaurants SET event_seq = event_seq + ${missed} WHERE id = ${r.owner.restaurantId}`,
      );
    });
    const resumed = await openEventStream(
      base + urlOf(ordersEndpoints.restaurantStream, { query: { lastEventId: ready.id } }),
      bearer(r.owner.token),
    );
    try {
      let count = 0;
      let last = '';
      await resumed.next((e) => {
        if (e.event === 'menu.updated') {
          count += 1;
          last = e.id ?? '';
        }
        return e.event === 'ready';
      }, 20_000);
      expect(count).toBe(missed);
      expect(last).toBe(String(Number(ready.id) + missed));
    } finally {
      await resumed.close();
    }
  });
});
