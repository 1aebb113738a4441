import { floorEndpoints } from '@tavolo/contract/floor';
import { orderChangesEndpoints } from '@tavolo/contract/order-changes';
import { ordersEndpoints, type TOrder } from '@tavolo/contract/orders';
import { daysEndpoints } from '@tavolo/contract/receipts';
import { tableServiceEndpoints } from '@tavolo/contract/table-service';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callApi,
  createTestApp,
  type SeededRestaurant,
  seedRestaurant,
  type TestApp,
} from '../../../test/helpers';
import { businessDateOf } from './business-day';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The X report's covers for today (UTC restaurant, days from 04:00). */
async function coversToday(r: SeededRestaurant): Promise<number> {
  const date = businessDateOf(new Date(), 'UTC', 240);
  const day = await callApi(t.app, r.owner.token, daysEndpoints.getDay, { params: { date } });
  return day.covers;
}

describe("the day's covers", () => {
  it('count each party once, through an order moved, tables merged, the bill closed and the day closed', async () => {
    const r = await seedRestaurant(t.app, { register: { timezone: 'UTC' } as never, tables: [1, 2, 3, 4] });
    const [one, two, three, four] = r.tables;
    const token = r.owner.token;
    const seat = (tableId: string, covers: number) =>
      callApi(t.app, token, floorEndpoints.openTable, { params: { id: tableId }, body: { covers } });
    const order = (tableId: string): Promise<TOrder> =>
      callApi(t.app, token, ordersEndpoints.placeOrder, {
        body: { tableId, items: [{ menuItemId: r.items[0]!.id, quantity: 1 }] },
      });
    const merge = (intoId: string, fromTableId: string) =>
      callApi(t.app, token, floorEndpoints.mergeTables, { params: { id: intoId }, body: { fromTableId } });

    // A party of 3 at table 1 orders, then moves to table 2 with its order.
    await seat(one!.id, 3);
    const first = await order(one!.id);
    expect(await coversToday(r)).toBe(3);
    await callApi(t.app, token, orderChangesEndpoints.moveOrder, {
      params: { id: first.id },
      body: { tableId: two!.id },
    });
    expect(await coversToday(r)).toBe(3);
    // Table 1, where no one sits now, is merged in: nobody new.
    await merge(two!.id, one!.id);
    expect(await coversToday(r)).toBe(3);

    // A party of 2 at table 3 joins them: 5.
    await seat(three!.id, 2);
    await order(three!.id);
    expect(await coversToday(r)).toBe(5);
    await merge(two!.id, three!.id);
    const floor = await callApi(t.app, token, floorEndpoints.getFloor);
    expect(floor.tables.find((x) => x.id === two!.id)?.covers).toBe(5);
    expect(await coversToday(r)).toBe(5);

    // A party of 4 seated at table 4 who ordered nothing yet is not a cover until it orders.
    await seat(four!.id, 4);
    expect(await coversToday(r)).toBe(5);

    // The merged bill is paid and closed: its 5 guests are kept once.
    await callApi(t.app, token, tableServiceEndpoints.closeTableBill, {
      params: { id: two!.id },
      body: { payRestWith: 'cash' },
      headers: { 'idempotency-key': crypto.randomUUID() },
    });
    expect(await coversToday(r)).toBe(5);
    await order(four!.id);
    expect(await coversToday(r)).toBe(9);

    // The Z report keeps what the X report said.
    const date = businessDateOf(new Date(), 'UTC', 240);
    const closed = await callApi(t.app, token, daysEndpoints.closeDay, {
      params: { date },
      // Table four's bill is still open: the close is told so.
      body: { cashCountedMinor: 0, acknowledgeOpen: true },
      headers: { 'idempotency-key': crypto.randomUUID() },
    });
    expect(closed).toMatchObject({ closed: true, covers: 9, orders: 3 });
  });
});
