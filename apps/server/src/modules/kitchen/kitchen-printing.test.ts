import { setTimeout as sleep } from 'node:timers/promises';
import { kitchenEndpoints, stationsEndpoints } from '@tavolo/contract/kitchen';
import { categoriesEndpoints, menuEndpoints, type TMenuItem } from '@tavolo/contract/menu';
import { orderChangesEndpoints } from '@tavolo/contract/order-changes';
import { ordersEndpoints, type TOrder } from '@tavolo/contract/orders';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeEscPos } from '../../../test/escpos';
import { createFakePrinter, type FakePrinter, findFreePort } from '../../../test/fake-printer';
import {
  bearer,
  callApi,
  createTestApp,
  errorOf,
  injectApi,
  type SeededRestaurant,
  seedRestaurant,
  type TestApp,
} from '../../../test/helpers';

let t: TestApp;
let a: SeededRestaurant;
let printer: FakePrinter;
let passId: string;
let tagliata: TMenuItem;
let tiramisu: TMenuItem;

beforeAll(async () => {
  t = await createTestApp({ env: { ORDER_LIMIT_PER_TABLE: '100000' } });
  a = await seedRestaurant(t.app, { tables: [7] });
  printer = await createFakePrinter();
  const token = a.owner.token;
  const pass = await callApi(t.app, token, stationsEndpoints.createStation, {
    body: { name: 'Pass', printer: printer.address },
  });
  passId = pass.id;
  const mains = await callApi(t.app, token, categoriesEndpoints.createCategory, {
    body: { name: 'Secondi', stationId: pass.id, course: 1 },
  });
  const desserts = await callApi(t.app, token, categoriesEndpoints.createCategory, {
    body: { name: 'Dolci', stationId: pass.id, course: 3 },
  });
  tagliata = await callApi(t.app, token, menuEndpoints.createMenuItem, {
    body: {
      categoryId: mains.id,
      name: 'Tagliata',
      priceMinor: 2200,
      options: [
        {
          name: 'Cottura',
          required: true,
          min: 1,
          max: 1,
          choices: [{ name: 'Al sangue', priceMinor: 0 }],
        },
      ],
    },
  });
  tiramisu = await callApi(t.app, token, menuEndpoints.createMenuItem, {
    body: { categoryId: desserts.id, name: 'Crème brûlée', priceMinor: 700 },
  });
});
afterAll(async () => {
  await t.close();
  await printer.stop();
});

function placeOrder(): Promise<TOrder> {
  return callApi(t.app, a.owner.token, ordersEndpoints.placeOrder, {
    body: {
      tableId: a.tables[0]!.id,
      note: 'Allergia: noci',
      items: [
        {
          menuItemId: tagliata.id,
          quantity: 2,
          seat: 3,
          note: 'senza sale',
          options: [{ group: 'Cottura', choice: 'Al sangue' }],
        },
        { menuItemId: tiramisu.id, quantity: 1 },
      ],
    },
  });
}

describe('kitchen tickets on a station’s printer', () => {
  it('prints each fired course once, with its table, items, options, seat and notes; a reprint says so', async () => {
    const order = await placeOrder();
    const [first] = await printer.waitForJobs(1);
    const ticket = decodeEscPos(first!).text;
    for (const expected of [
      'Pass',
      'Table 7',
      `Order #${order.number}`,
      'Starters',
      '2 x Tagliata',
      'Al sangue',
      'Seat 3',
      'senza sale',
      'Allergia: noci',
    ]) {
      expect(ticket).toContain(expected);
    }
    // The dessert is held: not on the ticket until it is fired.
    expect(ticket).not.toContain('Crème brûlée');

    await callApi(t.app, a.owner.token, kitchenEndpoints.fireCourse, {
      params: { id: order.id },
      body: { course: 3 },
    });
    const jobs = await printer.waitForJobs(2);
    const fired = decodeEscPos(jobs[1]!).text;
    expect(fired).toContain('Desserts');
    expect(fired).toContain('1 x Crème brûlée');
    expect(fired).not.toContain('Tagliata');

    const status = await callApi(t.app, a.owner.token, kitchenEndpoints.reprintTicket, {
      body: { orderId: order.id, stationId: passId, course: 1 },
    });
    expect(status.state).not.toBe('failing');
    const again = await printer.waitForJobs(3);
    const reprinted = decodeEscPos(again[2]!).text;
    expect(reprinted).toContain('REPRINT');
    expect(reprinted).toContain('2 x Tagliata');
    // Nothing printed twice on its own.
    await sleep(300);
    expect(printer.jobs).toHaveLength(3);

    // One Tagliata voided: the station's printer says VOID, with that line alone.
    await callApi(t.app, a.owner.token, orderChangesEndpoints.voidOrderLine, {
      params: { id: order.id, lineIndex: 0 },
      body: { quantity: 1, reason: 'guest_changed_mind' },
      headers: { 'idempotency-key': crypto.randomUUID() },
    });
    const slips = await printer.waitForJobs(4);
    const slip = decodeEscPos(slips[3]!).text;
    expect(slip).toContain('VOID');
    expect(slip).not.toContain('REPRINT');
    expect(slip).toContain('1 x Tagliata');
    expect(slip).toContain('VOID 1 x Tagliata');
    expect(slip).not.toContain('Crème brûlée');
  });

  it('a printer that refuses is shown failing on the station screen, and prints once it is back', async () => {
    const port = await findFreePort();
    const off = await callApi(t.app, a.owner.token, stationsEndpoints.createStation, {
      body: { name: 'Bar', printer: { host: '127.0.0.1', port } },
    });
    const drinks = await callApi(t.app, a.owner.token, categoriesEndpoints.createCategory, {
      body: { name: 'Bevande', stationId: off.id },
    });
    const spritz = await callApi(t.app, a.owner.token, menuEndpoints.createMenuItem, {
      body: { categoryId: drinks.id, name: 'Spritz', priceMinor: 600 },
    });
    await callApi(t.app, a.owner.token, ordersEndpoints.placeOrder, {
      body: { tableId: a.tables[0]!.id, items: [{ menuItemId: spritz.id, quantity: 1 }] },
    });
    let view = await callApi(t.app, a.owner.token, kitchenEndpoints.getKitchen, {
      query: { stationId: off.id },
    });
    for (let i = 0; i < 50 && view.printer?.state !== 'failing'; i++) {
      await sleep(100);
      view = await callApi(t.app, a.owner.token, kitchenEndpoints.getKitchen, {
        query: { stationId: off.id },
      });
    }
    expect(view.printer).toMatchObject({ state: 'failing', pending: 1 });
    expect(view.printer!.lastError).toBeTruthy();
    const bar = await createFakePrinter({ port });
    try {
      const [job] = await bar.waitForJobs(1, 15_000);
      expect(decodeEscPos(job!).text).toContain('1 x Spritz');
    } finally {
      await bar.stop();
    }
  }, 30_000);

  it('a cancelled order prints a VOID slip of what was fired; its ticket is not printed again (409)', async () => {
    const order = await placeOrder();
    // After the two of the first test: the main course's ticket (the dessert is held).
    await printer.waitForJobs(5);
    await callApi(t.app, a.owner.token, ordersEndpoints.updateOrderStatus, {
      params: { id: order.id },
      body: { status: 'cancelled', reason: 'The guests left' },
    });
    const slips = await printer.waitForJobs(6);
    const slip = decodeEscPos(slips[5]!).text;
    expect(slip).toContain('VOID 2 x Tagliata');
    // Nothing of it said as still to make.
    expect(slip.split('\n').map((row) => row.trim())).not.toContain('2 x Tagliata');
    expect(slip).not.toContain('Crème brûlée');
    await sleep(300);
    expect(printer.jobs).toHaveLength(6);
    const view = await callApi(t.app, a.owner.token, kitchenEndpoints.getKitchen, {
      query: { stationId: passId },
    });
    expect(view.tickets.some((ticket) => ticket.orderId === order.id)).toBe(true);
    const refused = await injectApi(t.app, kitchenEndpoints.reprintTicket, {
      headers: bearer(a.owner.token),
      body: { orderId: order.id, stationId: passId, course: 1 },
    });
    expect([refused.statusCode, errorOf(refused).code]).toEqual([409, 'CONFLICT']);
  });
});
