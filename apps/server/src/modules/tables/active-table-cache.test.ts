import { menuEndpoints, type TGuestMenu } from '@tavolo/contract/menu';
import { type TTable, tablesEndpoints } from '@tavolo/contract/tables';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import {
  answerWithin,
  callApi,
  changeUnheard,
  createTestApp,
  createTestDatabase,
  injectApi,
  seedRestaurant,
  type TestApp,
} from '../../../test/helpers';

// Guests' codes resolve from memory (decision 005): the active-table cache may save a round trip,
// never answer with a table that changed, rotated its code or went, nor a menu that moved on.

let shared: TestApp | undefined;
async function testApp(): Promise<TestApp> {
  shared ??= await createTestApp();
  return shared;
}
afterAll(() => shared?.close());

const guestMenu = (t: TestApp, qrToken: string) =>
  injectApi(t.app, menuEndpoints.guestMenu, { query: { qrToken } });
const statusOf = async (t: TestApp, qrToken: string) => (await guestMenu(t, qrToken)).statusCode;

describe("a guest's code, resolved from memory", () => {
  it('needs no database on a hit: a change the triggers do not see stays unseen, one they see is heard', async () => {
    const t = await testApp();
    const r = await seedRestaurant(t.app);
    const table = r.tables[0]!;
    const behindTheCache = (active: boolean) =>
      changeUnheard(t.database.db, sql`UPDATE dining_tables SET active = ${active} WHERE id = ${table.id}`);
    // Read (the cache keeps the table), then switch the table off with the triggers off: a hit still
    // serves it. On PostgreSQL the setup's own NOTIFYs arrive a moment late and may empty the cache
    // between the two reads (then the second read misses and says 404): try again from the start.
    let second = 0;
    for (let attempt = 0; attempt < 5 && second !== 200; attempt++) {
      await behindTheCache(true);
      expect(await statusOf(t, table.qrToken)).toBe(200);
      await behindTheCache(false);
      second = await statusOf(t, table.qrToken);
    }
    expect(second).toBe(200);
    // The same change with the triggers on is heard: at once embedded, by NOTIFY on PostgreSQL.
    await t.database.db.execute(sql`UPDATE dining_tables SET active = false WHERE id = ${table.id}`);
    expect(await answerWithin(() => statusOf(t, table.qrToken), 404, 1000)).toBe(404);
  });

  it('stops working at once when the code is rotated, the table switched off or deleted', async () => {
    const t = await testApp();
    const r = await seedRestaurant(t.app, { tables: [1, 2, 3] });
    const [rotated, switchedOff, deleted] = r.tables as [TTable, TTable, TTable];
    for (const table of r.tables) expect(await statusOf(t, table.qrToken)).toBe(200);

    const fresh = await callApi(t.app, r.owner.token, tablesEndpoints.rotateTableQr, {
      params: { id: rotated.id },
    });
    expect(await statusOf(t, rotated.qrToken)).toBe(404);
    expect(await statusOf(t, fresh.qrToken)).toBe(200);
    await callApi(t.app, r.owner.token, tablesEndpoints.updateTable, {
      params: { id: switchedOff.id },
      body: { active: false },
    });
    expect(await statusOf(t, switchedOff.qrToken)).toBe(404);
    await injectApi(t.app, tablesEndpoints.deleteTable, { token: r.owner.token, params: { id: deleted.id } });
    expect(await statusOf(t, deleted.qrToken)).toBe(404);
  });

  it('shows a sold-out dish and a renamed table on the next read', async () => {
    const t = await testApp();
    const r = await seedRestaurant(t.app);
    const table = r.tables[0]!;
    const dish = r.items[0]!;
    const first = (await guestMenu(t, table.qrToken)).json<TGuestMenu>();
    expect(first.menu.categories.flatMap((c) => c.items).find((i) => i.id === dish.id)?.soldOut).toBe(false);
    await callApi(t.app, r.owner.token, menuEndpoints.setSoldOut, {
      params: { id: dish.id },
      body: { soldOut: true },
    });
    await callApi(t.app, r.owner.token, tablesEndpoints.updateTable, {
      params: { id: table.id },
      body: { label: 'Terrace' },
    });
    const next = (await guestMenu(t, table.qrToken)).json<TGuestMenu>();
    expect(next.menu.categories.flatMap((c) => c.items).find((i) => i.id === dish.id)?.soldOut).toBe(true);
    expect(next.table.label).toBe('Terrace');
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('two instances on one PostgreSQL', () => {
  it('a sold-out, a menu change and a rotated code on instance A are seen by instance B within 100 ms', async () => {
    const database = await createTestDatabase();
    const a = await createTestApp({ database });
    const b = await createTestApp({ database });
    try {
      const r = await seedRestaurant(a.app);
      const table = r.tables[0]!;
      const dish = r.items[0]!;
      const onB = async () => (await guestMenu(b, table.qrToken)).json<TGuestMenu>();
      const dishOnB = async () =>
        (await onB()).menu.categories.flatMap((c) => c.items).find((i) => i.id === dish.id);
      expect((await dishOnB())?.soldOut).toBe(false);

      await callApi(a.app, r.owner.token, menuEndpoints.setSoldOut, {
        params: { id: dish.id },
        body: { soldOut: true },
      });
      expect(await answerWithin(async () => (await dishOnB())?.soldOut, true, 100)).toBe(true);

      await callApi(a.app, r.owner.token, menuEndpoints.updateMenuItem, {
        params: { id: dish.id },
        body: { name: 'Margherita DOP' },
      });
      expect(await answerWithin(async () => (await dishOnB())?.name, 'Margherita DOP', 100)).toBe(
        'Margherita DOP',
      );

      await callApi(a.app, r.owner.token, tablesEndpoints.rotateTableQr, { params: { id: table.id } });
      expect(await answerWithin(() => statusOf(b, table.qrToken), 404, 100)).toBe(404);
    } finally {
      await a.close();
      await b.close();
      await database.close();
    }
  });
});
