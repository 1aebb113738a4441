import { ordersEndpoints, type TCreatedOrder } from '@tavolo/contract/orders';
import { restaurantsEndpoints } from '@tavolo/contract/restaurants';
import { taxRatesEndpoints } from '@tavolo/contract/taxes';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callApi,
  createTestApp,
  injectApi,
  type SeededRestaurant,
  seedRestaurant,
  type TestApp,
} from '../../../test/helpers';
import { csvCell } from './orders-csv';

let t: TestApp;
let seeded: SeededRestaurant;

beforeAll(async () => {
  t = await createTestApp({ env: { ORDER_LIMIT_PER_TABLE: '1000' } });
  seeded = await seedRestaurant(t.app, {
    register: { timezone: 'Europe/Rome' },
    dishes: [{ name: 'Pasta, "al dente"', priceMinor: 1250 }],
  });
});
afterAll(() => t.close());

async function placeOrder(
  fields: { customerName?: string; note?: string },
  at: SeededRestaurant = seeded,
): Promise<TCreatedOrder> {
  const response = await injectApi(t.app, ordersEndpoints.placeOrder, {
    body: {
      qrToken: at.tables[0]!.qrToken,
      items: [{ menuItemId: at.items[0]!.id, quantity: 2 }],
      ...fields,
    },
  });
  if (response.statusCode !== 201) throw new Error(response.body);
  return response.json<TCreatedOrder>();
}

async function exportCsv(at: SeededRestaurant = seeded): Promise<string> {
  const response = await injectApi(t.app, ordersEndpoints.exportOrdersCsv, {
    token: at.owner.token,
    params: { restaurantId: at.owner.restaurantId },
  });
  expect(response.statusCode).toBe(200);
  return response.body;
}

describe('GET /api/orders/restaurant/{restaurantId}/export.csv, read back by a CSV parser', () => {
  it('keeps commas, quotes and line breaks inside their cells, and defuses every formula lead', async () => {
    // What a guest may type (the API trims the ends of each field).
    const typed: { customerName: string; note: string; customer: string; noteCell: string }[] = [
      {
        customerName: 'Rossi, "Nino"',
        note: 'no onions,\nno garlic\r\nthanks',
        customer: 'Rossi, "Nino"',
        noteCell: 'no onions,\nno garlic\r\nthanks',
      },
      {
        customerName: '=1+1',
        note: '=HYPERLINK("http://evil.test","click")',
        customer: "'=1+1",
        noteCell: `'=HYPERLINK("http://evil.test","click")`,
      },
      { customerName: '+39 333', note: '-2+3', customer: "'+39 333", noteCell: "'-2+3" },
      { customerName: '@SUM(A1:A9)', note: 'a@b, plain', customer: "'@SUM(A1:A9)", noteCell: 'a@b, plain' },
    ];
    const placed: { order: TCreatedOrder; customer: string; noteCell: string }[] = [];
    for (const entry of typed) {
      const order = await placeOrder({ customerName: entry.customerName, note: entry.note });
      placed.push({ order, customer: entry.customer, noteCell: entry.noteCell });
    }
    // A leading tab or carriage return cannot come through the API (it trims), but rows written
    // another way (an import, an older version) are exported too.
    const tab = await placeOrder({ customerName: 'x', note: 'y' });
    await t.database.db.execute(
      sql`UPDATE orders SET customer_name = ${'\tTabbed'}, note = ${'\r=cmd|calc'} WHERE id = ${tab.id}`,
    );
    placed.push({ order: tab, customer: "'\tTabbed", noteCell: "'\r=cmd|calc" });

    const body = await exportCsv();
    const records: Record<string, string>[] = parse(body, { columns: true, strict: true } as never);
    expect(records).toHaveLength(placed.length);
    for (const { order, customer, noteCell } of placed) {
      const row = records.find((r) => r.number === String(order.number));
      expect(row, `order ${order.number}`).toBeDefined();
      expect(row).toMatchObject({
        customer,
        note: noteCell,
        items: '2× Pasta, "al dente"',
        subtotal: '25.00',
        // A restaurant without tax rates: all of it is net.
        net: '25.00',
        tax: '0.00',
        total: '25.00',
        currency: 'EUR',
        status: 'pending',
      });
    }
    // Every record has exactly the header's seventeen cells.
    const raw: string[][] = parse(body, { strict: true } as never);
    expect(raw.every((cells) => cells.length === 17)).toBe(true);
  });

  it('gives each order its net and tax: inside the prices, or added on top', async () => {
    const taxed = await seedRestaurant(t.app, { dishes: [{ name: 'Risotto', priceMinor: 1250 }] });
    await callApi(t.app, taxed.owner.token, taxRatesEndpoints.createTaxRate, {
      body: { name: 'Food', rateBasisPoints: 1000 },
    });
    const included = await placeOrder({}, taxed);
    await callApi(t.app, taxed.owner.token, restaurantsEndpoints.updateRestaurant, {
      params: { id: taxed.owner.restaurantId },
      body: { pricesIncludeTax: false },
    });
    const added = await placeOrder({}, taxed);

    const records: Record<string, string>[] = parse(await exportCsv(taxed), { columns: true } as never);
    const row = (order: TCreatedOrder) => records.find((r) => r.number === String(order.number));
    // 25.00 with 10 % in it: 2.27 of tax (25 × 0.1 / 1.1 = 2.2727…).
    expect(row(included)).toMatchObject({ subtotal: '25.00', net: '22.73', tax: '2.27', total: '25.00' });
    // 25.00 with 10 % added: 2.50 on top.
    expect(row(added)).toMatchObject({ subtotal: '25.00', net: '25.00', tax: '2.50', total: '27.50' });
  });
});

describe('csvCell', () => {
  it('leaves plain text and numbers alone', () => {
    expect(csvCell('Margherita')).toBe('Margherita');
    expect(csvCell(42)).toBe('42');
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell('')).toBe('');
    expect(csvCell('a=b')).toBe('a=b');
  });

  it('quotes a cell holding a comma, a quote or a line break, doubling quotes', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('one\ntwo')).toBe('"one\ntwo"');
    expect(csvCell('one\rtwo')).toBe('"one\rtwo"');
  });

  it('puts a quote mark before text that starts like a formula', () => {
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-1')).toBe("'-1");
    expect(csvCell('@A1')).toBe("'@A1");
    expect(csvCell('\tx')).toBe("'\tx");
    expect(csvCell('\rx')).toBe(`"'\rx"`);
    expect(csvCell('=A1,"B"')).toBe(`"'=A1,""B"""`);
  });
});
