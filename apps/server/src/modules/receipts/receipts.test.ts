import { auditEndpoints } from '@tavolo/contract/audit';
import { dashboardEndpoints } from '@tavolo/contract/dashboard';
import { stationsEndpoints } from '@tavolo/contract/kitchen';
import { categoriesEndpoints, menuEndpoints } from '@tavolo/contract/menu';
import { orderChangesEndpoints } from '@tavolo/contract/order-changes';
import { ordersEndpoints, type TOrder } from '@tavolo/contract/orders';
import { paymentsEndpoints } from '@tavolo/contract/payments';
import {
  daysEndpoints,
  receiptsEndpoints,
  type TDayReport,
  type TReceipt,
  type TReceiptSummary,
} from '@tavolo/contract/receipts';
import { restaurantsEndpoints } from '@tavolo/contract/restaurants';
import { tableServiceEndpoints } from '@tavolo/contract/table-service';
import { taxRatesEndpoints } from '@tavolo/contract/taxes';
import { parse } from 'csv-parse/sync';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFakePrinter } from '../../../test/fake-printer';
import {
  callApi,
  createTestApp,
  errorOf,
  injectApi,
  itRaces,
  type SeededRestaurant,
  seedRestaurant,
  sendAll,
  type TestApp,
} from '../../../test/helpers';
import { queryRows } from '../../db/client';
import { orders, receipts } from '../../db/schema';
import { businessDateOf } from './business-day';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const sum = (values: number[]) => values.reduce((s, v) => s + v, 0);

/** A restaurant in Rome with Food 10 % (default) and Drinks 22 %, a pasta, a wine and two tables. */
async function taxedRestaurant() {
  const r = await seedRestaurant(t.app, {
    register: { timezone: 'Europe/Rome' } as never,
    dishes: [{ name: 'Pasta', priceMinor: 1100 }],
    tables: [1, 2],
  });
  const token = r.owner.token;
  await callApi(t.app, token, taxRatesEndpoints.createTaxRate, {
    body: { name: 'IVA 10 %', rateBasisPoints: 1000 },
  });
  const drinks = await callApi(t.app, token, taxRatesEndpoints.createTaxRate, {
    body: { name: 'IVA 22 %', rateBasisPoints: 2200 },
  });
  const bar = await callApi(t.app, token, categoriesEndpoints.createCategory, {
    body: { name: 'Drinks', taxRateId: drinks.id },
  });
  const wine = await callApi(t.app, token, menuEndpoints.createMenuItem, {
    body: { categoryId: bar.id, name: 'Wine', priceMinor: 610 },
  });
  await callApi(t.app, token, restaurantsEndpoints.updateRestaurant, {
    params: { id: r.owner.restaurantId },
    body: { legalName: 'Trattoria Giulia S.r.l.', taxId: 'IT01234567890', timezone: 'Europe/Rome' },
  });
  return { r, token, wine };
}

function placeOrder(r: SeededRestaurant, token: string, wineId: string, table = 0): Promise<TOrder> {
  return callApi(t.app, token, ordersEndpoints.placeOrder, {
    body: {
      tableId: r.tables[table]!.id,
      items: [
        { menuItemId: r.items[0]!.id, quantity: 2 },
        { menuItemId: wineId, quantity: 1 },
      ],
    },
    headers: { 'idempotency-key': crypto.randomUUID() },
  });
}

function pay(token: string, orderId: string, amountMinor: number, method: 'cash' | 'card' = 'cash') {
  return callApi(t.app, token, ordersEndpoints.recordPayment, {
    params: { id: orderId },
    body: { method, amountMinor },
    headers: { 'idempotency-key': crypto.randomUUID() },
  });
}

async function receiptsOf(token: string, query: Record<string, string> = {}): Promise<TReceiptSummary[]> {
  const page = await callApi(t.app, token, receiptsEndpoints.listReceipts, {
    query: { pageSize: 100, ...query },
  });
  return page.items;
}

const receipt = (token: string, id: string): Promise<TReceipt> =>
  callApi(t.app, token, receiptsEndpoints.getReceipt, { params: { id } });

describe('receipts', () => {
  it('are issued for each payment, numbered in order, and the receipts of a paid order add up to its taxes', async () => {
    const { r, token, wine } = await taxedRestaurant();
    const order = await placeOrder(r, token, wine.id); // 22.00 at 10 %, 6.10 at 22 %: 28.10
    await pay(token, order.id, 1000);
    await pay(token, order.id, 333, 'card');
    await pay(token, order.id, order.totalMinor - 1333);
    const list = (await receiptsOf(token)).reverse();
    const year = new Date().getFullYear();
    expect(list.map((x) => x.number)).toEqual([`${year}-000001`, `${year}-000002`, `${year}-000003`]);
    expect(list.map((x) => x.totalMinor)).toEqual([1000, 333, order.totalMinor - 1333]);
    const full = await Promise.all(list.map((x) => receipt(token, x.id)));
    for (const rate of order.taxes) {
      const mine = full.flatMap((x) => x.taxes.filter((p) => p.rateBasisPoints === rate.rateBasisPoints));
      expect(sum(mine.map((p) => p.taxMinor))).toBe(rate.taxMinor);
      expect(sum(mine.map((p) => p.netMinor))).toBe(rate.netMinor);
    }
    for (const x of full) expect(x.netMinor + x.taxMinor + x.tipMinor).toBe(x.totalMinor);
    // The payments list names each payment's receipt.
    const { items: paid } = await callApi(t.app, token, paymentsEndpoints.listPayments, {
      params: { restaurantId: r.owner.restaurantId },
      query: { orderId: order.id },
    });
    expect(paid.map((p) => p.receipt?.number).sort()).toEqual(list.map((x) => x.number));
    expect(full[0]).toMatchObject({
      kind: 'receipt',
      coverage: 'part',
      method: 'cash',
      orderNumbers: [order.number],
      seller: { legalName: 'Trattoria Giulia S.r.l.', taxId: 'IT01234567890' },
      language: 'en',
    });
  });

  it('list a whole order’s lines when one payment pays all of it', async () => {
    const { r, token, wine } = await taxedRestaurant();
    const order = await placeOrder(r, token, wine.id);
    await pay(token, order.id, order.totalMinor);
    const [only] = await receiptsOf(token);
    const full = await receipt(token, only!.id);
    expect(full.coverage).toBe('whole');
    expect(full.lines).toEqual([
      {
        name: 'Pasta',
        options: [],
        quantity: 2,
        unitPriceMinor: 1100,
        totalMinor: 2200,
        discountMinor: 0,
        rateBasisPoints: 1000,
      },
      {
        name: 'Wine',
        options: [],
        quantity: 1,
        unitPriceMinor: 610,
        totalMinor: 610,
        discountMinor: 0,
        rateBasisPoints: 2200,
      },
    ]);
    expect(full.taxes).toEqual(order.taxes);
  });

  it('give a credit note for each refund, pointing at its receipt, with its figures negative', async () => {
    const { r, token, wine } = await taxedRestaurant();
    const order = await placeOrder(r, token, wine.id);
    const { payment } = await pay(token, order.id, order.totalMinor);
    await callApi(t.app, token, paymentsEndpoints.refundPayment, {
      params: { id: payment.id },
      body: { amountMinor: 610, reason: 'Corked' },
      headers: { 'idempotency-key': crypto.randomUUID() },
    });
    const [note, paid] = await receiptsOf(token);
    expect(note).toMatchObject({
      kind: 'credit_note',
      totalMinor: -610,
      creditFor: { id: paid!.id, number: paid!.number },
    });
    const full = await receipt(token, note!.id);
    expect(full.netMinor + full.taxMinor).toBe(-610);
    expect(sum(full.taxes.map((p) => p.netMinor + p.taxMinor))).toBe(-610);
    // The rest of the payment given back too: the receipt and its credit notes come to nothing.
    await callApi(t.app, token, paymentsEndpoints.refundPayment, {
      params: { id: payment.id },
      body: { amountMinor: order.totalMinor - 610 },
      headers: { 'idempotency-key': crypto.randomUUID() },
    });
    const all = await Promise.all((await receiptsOf(token)).map((x) => receipt(token, x.id)));
    for (const rate of order.taxes) {
      const parts = all.flatMap((x) => x.taxes.filter((p) => p.rateBasisPoints === rate.rateBasisPoints));
      expect(sum(parts.map((p) => p.taxMinor))).toBe(0);
    }
  });

  it('are read by staff of their restaurant and by the guest with the table’s code, and by no one else', async () => {
    const { r, token, wine } = await taxedRestaurant();
    const order = await placeOrder(r, token, wine.id);
    await pay(token, order.id, order.totalMinor);
    const [only] = await receiptsOf(token);
    const guest = await injectApi(t.app, receiptsEndpoints.getReceipt, {
      params: { id: only!.id },
      query: { token: r.tables[0]!.qrToken },
    });
    expect(guest.statusCode).toBe(200);
    const otherTable = await injectApi(t.app, receiptsEndpoints.getReceipt, {
      params: { id: only!.id },
      query: { token: r.tables[1]!.qrToken },
    });
    expect(otherTable.statusCode).toBe(404);
    const stranger = await taxedRestaurant();
    const otherStaff = await injectApi(t.app, receiptsEndpoints.getReceipt, {
      token: stranger.token,
      params: { id: only!.id },
    });
    expect(otherStaff.statusCode).toBe(404);
    expect(await receiptsOf(stranger.token)).toEqual([]);
    const anonymous = await injectApi(t.app, receiptsEndpoints.getReceipt, { params: { id: only!.id } });
    expect([401, 404]).toContain(anonymous.statusCode);
  });

  it('come as an 80 mm PDF and by e-mail with the PDF attached, a few times per receipt', async () => {
    const { r, token, wine } = await taxedRestaurant();
    const order = await placeOrder(r, token, wine.id);
    await pay(token, order.id, order.totalMinor);
    const [only] = await receiptsOf(token);
    const pdf = await injectApi(t.app, receiptsEndpoints.getReceiptPdf, {
      params: { id: only!.id },
      query: { token: r.tables[0]!.qrToken },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const { extractText, getDocumentProxy } = await import('unpdf');
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf.rawPayload)), {
      mergePages: true,
    });
    expect(text).toContain(only!.number);
    expect(text).toContain('IT01234567890');

    const email = (address: string) =>
      injectApi(t.app, receiptsEndpoints.emailReceipt, {
        params: { id: only!.id },
        body: { email: address, token: r.tables[0]!.qrToken },
      });
    expect((await email('guest@example.com')).statusCode).toBe(202);
    const sent = t.mail.at(-1)!;
    expect(sent.to).toBe('guest@example.com');
    expect(sent.subject).toContain(only!.number);
    expect(sent.attachments?.map((a) => [a.contentType, a.content.subarray(0, 5).toString()])).toEqual([
      ['application/pdf', '%PDF-'],
    ]);
    for (let i = 0; i < 4; i++) expect((await email(`guest${i}@example.com`)).statusCode).toBe(202);
    const tooMany = await email('guest5@example.com');
    expect(tooMany.statusCode).toBe(429);
  });

  it("print on a station's printer, and a station without one answers 409", async () => {
    const { r, token, wine } = await taxedRestaurant();
    const printer = await createFakePrinter();
    try {
      const till = await callApi(t.app, token, stationsEndpoints.createStation, {
        body: { name: 'Till', printer: printer.address },
      });
      const order = await placeOrder(r, token, wine.id);
      await pay(token, order.id, order.totalMinor);
      const [only] = await receiptsOf(token);
      await callApi(t.app, token, receiptsEndpoints.printReceipt, {
        params: { id: only!.id },
        body: { stationId: till.id },
      });
      await printer.waitForJobs(1);
      const [printed] = printer.receipts();
      expect(printed!.text).toContain(only!.number);
      expect(printed!.text).toContain('IT01234567890');
      expect(printed!.text).toContain('28.10');
      expect(printed!.cuts).toBe(1);

      const { items } = await callApi(t.app, token, stationsEndpoints.listStations);
      const kitchen = items.find((s) => s.isDefault)!;
      const refused = await injectApi(t.app, receiptsEndpoints.printReceipt, {
        token,
        params: { id: only!.id },
        body: { stationId: kitchen.id },
      });
      expect(refused.statusCode).toBe(409);
    } finally {
      await printer.stop();
    }
  });

  it('are found by number or order number', async () => {
    const { r, token, wine } = await taxedRestaurant();
    const first = await placeOrder(r, token, wine.id);
    const second = await placeOrder(r, token, wine.id);
    await pay(token, first.id, first.totalMinor);
    await pay(token, second.id, second.totalMinor);
    expect((await receiptsOf(token, { q: '000002' })).map((x) => x.orderNumbers)).toEqual([[second.number]]);
    expect((await receiptsOf(token, { q: String(first.number) })).map((x) => x.orderNumbers)).toEqual([
      [first.number],
    ]);
  });

  it('are numbered without gaps or repeats when 20 payments come at once', async () => {
    const { r, token, wine } = await taxedRestaurant();
    const placed: TOrder[] = [];
    for (let i = 0; i < 20; i++) placed.push(await placeOrder(r, token, wine.id, i % 2));
    await sendAll(
      placed.map((o) => () => pay(token, o.id, o.totalMinor)),
      'at once',
    );
    const numbers = (await receiptsOf(token))
      .map((x) => Number(x.number.split('-')[1]))
      .sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  itRaces('are numbered without gaps when payments race on two connections', async () => {
    const { r, token, wine } = await taxedRestaurant();
    const placed = await Promise.all(
      Array.from({ length: 20 }, (_, i) => placeOrder(r, token, wine.id, i % 2)),
    );
    const results = await Promise.allSettled(placed.map((o) => pay(token, o.id, o.totalMinor)));
    expect(results.every((x) => x.status === 'fulfilled')).toBe(true);
    const rows = await t.database.db
      .select({ seq: receipts.seq })
      .from(receipts)
      .where(eq(receipts.restaurantId, r.owner.restaurantId));
    expect(rows.map((x) => x.seq).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  it('export as CSV, one row per receipt and rate, adding up to the receipts', async () => {
    const { r, token, wine } = await taxedRestaurant();
    const order = await placeOrder(r, token, wine.id);
    await pay(token, order.id, order.totalMinor);
    const response = await injectApi(t.app, receiptsEndpoints.exportReceiptsCsv, { token });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    const rows = parse(response.body, { columns: true }) as Record<string, string>[];
    expect(rows.map((x) => [x.tax_rate_percent, x.net, x.tax])).toEqual([
      ['10.00', '20.00', '2.00'],
      ['22.00', '5.00', '1.10'],
    ]);
    expect(rows[0]!.total).toBe('28.10');
    expect(rows[1]!.total).toBe('');
    const other = await taxedRestaurant();
    const theirs = await injectApi(t.app, receiptsEndpoints.exportReceiptsCsv, { token: other.token });
    expect(parse(theirs.body, { columns: true })).toEqual([]);
  });
});

describe("the day's close", () => {
  async function dayOf(token: string, date: string): Promise<TDayReport> {
    return callApi(t.app, token, daysEndpoints.getDay, { params: { date } });
  }

  it("reports the day's sales from its receipts and its orders, closes once, and sends later payments to the next day", async () => {
    const { r, token, wine } = await taxedRestaurant();
    const restaurantId = r.owner.restaurantId;
    const first = await placeOrder(r, token, wine.id);
    const placed = await placeOrder(r, token, wine.id);
    // The wine sent back before anyone paid: a void of 6.10.
    const second = await callApi(t.app, token, orderChangesEndpoints.voidOrderLine, {
      params: { id: placed.id, lineIndex: 1 },
      body: { quantity: 1, reason: 'quality' },
    });
    const { payment } = await pay(token, first.id, first.totalMinor);
    await pay(token, second.id, 2000, 'card');
    await callApi(t.app, token, paymentsEndpoints.refundPayment, {
      params: { id: payment.id },
      body: { amountMinor: 500 },
      headers: { 'idempotency-key': crypto.randomUUID() },
    });
    const today = businessDateOf(new Date(), 'Europe/Rome', 240);
    const live = await dayOf(token, today);

    // Computed apart, from the day's rows.
    const rows = await t.database.db
      .select()
      .from(receipts)
      .where(and(eq(receipts.restaurantId, restaurantId), eq(receipts.businessDate, today)));
    const taxes = rows.flatMap((x) => x.taxes);
    expect(live).toMatchObject({
      date: today,
      orders: 2,
      grossMinor: first.totalMinor + 2000 - 500,
      netMinor: sum(rows.map((x) => x.netMinor)),
      taxMinor: sum(taxes.map((x) => x.taxMinor)),
      refundsMinor: 500,
      voids: { count: 1, amountMinor: 610 },
      discountsMinor: 0,
      cashExpectedMinor: first.totalMinor - 500,
      receipts: { count: 2 },
      creditNotes: 1,
      closed: false,
    });
    expect(live.byMethod).toEqual([
      { method: 'card', count: 1, amountMinor: 2000 },
      { method: 'cash', count: 1, amountMinor: first.totalMinor },
    ]);
    expect(sum(live.taxes.map((x) => x.taxMinor))).toBe(live.taxMinor);
    // The Overview's "of which tax" is the business day's (the same day but between midnight and 04:00).
    const overview = await callApi(t.app, token, dashboardEndpoints.dashboardOverview);
    if (overview.date === today) expect(overview.taxMinor.value).toBe(live.taxMinor);

    const closed = await callApi(t.app, token, daysEndpoints.closeDay, {
      params: { date: today },
      body: {
        cashCountedMinor: first.totalMinor - 500 - 20,
        note: 'Two euros short? No: 20 cents',
        // The wine's order is still 7.00 short.
        acknowledgeOpen: true,
      },
      headers: { 'idempotency-key': crypto.randomUUID() },
    });
    expect(closed).toMatchObject({
      closed: true,
      cashCountedMinor: first.totalMinor - 520,
      cashDifferenceMinor: -20,
    });
    const again = await injectApi(t.app, daysEndpoints.closeDay, {
      token,
      params: { date: today },
      body: { cashCountedMinor: 0 },
      headers: { 'idempotency-key': crypto.randomUUID() },
    });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).code).toBe('DAY_CLOSED');
    // The close is in the audit log, once, with who closed it and the cash short.
    const { items: closes } = await callApi(t.app, token, auditEndpoints.listAudit, {
      query: { kind: 'day.closed' },
    });
    expect(closes).toHaveLength(1);
    expect(closes[0]).toMatchObject({
      kind: 'day.closed',
      actor: { name: expect.any(String) },
      amountMinor: -20,
      reason: 'Two euros short? No: 20 cents',
      details: {
        date: today,
        cashCountedMinor: first.totalMinor - 520,
        cashExpectedMinor: first.totalMinor - 500,
      },
    });
    expect(closes[0]!.actor.id).not.toBeNull();

    // A payment after the close goes on the next day; the closed day does not move.
    await pay(token, second.id, second.totalMinor - 2000);
    const [latest] = await receiptsOf(token);
    expect(latest!.businessDate > today).toBe(true);
    expect(await dayOf(token, today)).toEqual(closed);
    const days = await callApi(t.app, token, daysEndpoints.listClosedDays);
    expect(days.items.map((d) => d.date)).toEqual([today]);

    const tomorrowButOne = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const early = await injectApi(t.app, daysEndpoints.closeDay, {
      token,
      params: { date: tomorrowButOne },
      body: { cashCountedMinor: 0 },
      headers: { 'idempotency-key': crypto.randomUUID() },
    });
    expect(early.statusCode).toBe(422);
  });

  it('lists the bills still open and the checkouts under way, and closes over them only when told to', async () => {
    const { r, token, wine } = await taxedRestaurant();
    const today = businessDateOf(new Date(), 'Europe/Rome', 240);
    // Table 1: two orders (2 × 11.00 + 6.10 each = 28.10), 10.00 of them paid in cash.
    const first = await placeOrder(r, token, wine.id, 0);
    await placeOrder(r, token, wine.id, 0);
    await pay(token, first.id, 1000);
    // Table 2: one order, a guest paying 6.10 of it online, the checkout not finished.
    const second = await placeOrder(r, token, wine.id, 1);
    const started = await injectApi(t.app, tableServiceEndpoints.startBillCheckout, {
      body: {
        qrToken: r.tables[1]!.qrToken,
        mode: 'items',
        items: [{ orderId: second.id, lineIndex: 1, quantity: 1 }],
      },
      headers: { 'idempotency-key': crypto.randomUUID() },
    });
    expect(started.statusCode, started.body).toBe(201);
    // A third order, settled in full: not open.
    const settled = await placeOrder(r, token, wine.id, 1);
    await pay(token, settled.id, settled.totalMinor, 'card');

    const live = await dayOf(token, today);
    expect(first.totalMinor).toBe(2810);
    expect(live.open).toEqual({
      bills: {
        count: 2,
        dueMinor: 2 * 2810 - 1000 + 2810,
        cashMinor: 1000,
        items: [
          {
            tableId: r.tables[0]!.id,
            tableNumber: 1,
            tableLabel: null,
            openedAt: expect.any(String),
            totalMinor: 5620,
            paidMinor: 1000,
            dueMinor: 4620,
            cashMinor: 1000,
          },
          {
            tableId: r.tables[1]!.id,
            tableNumber: 2,
            tableLabel: null,
            openedAt: expect.any(String),
            totalMinor: 5620,
            paidMinor: 2810,
            dueMinor: 2810,
            cashMinor: 0,
          },
        ],
      },
      checkouts: { count: 1, amountMinor: 610 },
    });
    // An earlier day: these bills began after its end and the checkout's money will land on today.
    const earlier = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
    expect((await dayOf(token, earlier)).open).toEqual({
      bills: { count: 0, dueMinor: 0, cashMinor: 0, items: [] },
      checkouts: { count: 0, amountMinor: 0 },
    });

    const refused = await injectApi(t.app, daysEndpoints.closeDay, {
      token,
      params: { date: today },
      body: { cashCountedMinor: 1000 },
      headers: { 'idempotency-key': crypto.randomUUID() },
    });
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).code).toBe('DAY_HAS_OPEN_BILLS');
    expect((await dayOf(token, today)).closed).toBe(false);
    const notAcknowledged = await injectApi(t.app, daysEndpoints.closeDay, {
      token,
      params: { date: today },
      body: { cashCountedMinor: 1000, acknowledgeOpen: false },
      headers: { 'idempotency-key': crypto.randomUUID() },
    });
    expect(notAcknowledged.statusCode).toBe(409);

    const closed = await callApi(t.app, token, daysEndpoints.closeDay, {
      params: { date: today },
      body: { cashCountedMinor: 1000, acknowledgeOpen: true },
      headers: { 'idempotency-key': crypto.randomUUID() },
    });
    // The Z report keeps what was open at the close, however the bills go on.
    expect(closed).toMatchObject({ closed: true, cashDifferenceMinor: 0, open: live.open });
    await pay(token, first.id, first.totalMinor - 1000);
    expect((await dayOf(token, today)).open).toEqual(live.open);
    const { items: closes } = await callApi(t.app, token, auditEndpoints.listAudit, {
      query: { kind: 'day.closed' },
    });
    expect(closes[0]!.details).toMatchObject({ openBills: 2, openDueMinor: 7430 });
  });

  it('closes a day with nothing open without being told to', async () => {
    const { r, token, wine } = await taxedRestaurant();
    const today = businessDateOf(new Date(), 'Europe/Rome', 240);
    const order = await placeOrder(r, token, wine.id);
    await pay(token, order.id, order.totalMinor);
    const live = await dayOf(token, today);
    expect(live.open).toEqual({
      bills: { count: 0, dueMinor: 0, cashMinor: 0, items: [] },
      checkouts: { count: 0, amountMinor: 0 },
    });
    const closed = await callApi(t.app, token, daysEndpoints.closeDay, {
      params: { date: today },
      body: { cashCountedMinor: order.totalMinor },
      headers: { 'idempotency-key': crypto.randomUUID() },
    });
    expect(closed.closed).toBe(true);
  });

  it('ends a business day at 04:00 local time, across a daylight-saving change', async () => {
    const { r, token, wine } = await taxedRestaurant();
    const restaurantId = r.owner.restaurantId;
    // Rome moves to summer time on 29 March 2026 at 02:00: the 28th's day runs 03:00Z → 02:00Z.
    const instants = [
      '2026-03-28T02:59:00Z', // 03:59 CET: the 27th
      '2026-03-28T03:00:00Z', // 04:00 CET: the 28th
      '2026-03-29T00:30:00Z', // 01:30 CET: the 28th
      '2026-03-29T01:59:00Z', // 03:59 CEST: the 28th
      '2026-03-29T02:00:00Z', // 04:00 CEST: the 29th
    ];
    for (const at of instants) {
      const order = await placeOrder(r, token, wine.id);
      await pay(token, order.id, order.totalMinor);
      await t.database.db
        .update(orders)
        .set({ createdAt: new Date(at) })
        .where(eq(orders.id, order.id));
      // The receipt dated as the database itself reads the day (local time less four hours).
      await t.database.db.execute(
        sql`UPDATE receipts SET issued_at = ${at}::timestamptz,
              business_date = ((${at}::timestamptz AT TIME ZONE 'Europe/Rome') - interval '4 hours')::date
            WHERE ${order.id}::uuid = ANY(order_ids)`,
      );
    }
    const day = await dayOf(token, '2026-03-28');
    expect(day.from).toBe('2026-03-28T03:00:00.000Z');
    expect(day.to).toBe('2026-03-29T02:00:00.000Z');
    const expected = await queryRows<{ n: number; gross: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n, sum(net_minor + tax_minor)::int AS gross FROM receipts
          WHERE restaurant_id = ${restaurantId} AND business_date = '2026-03-28'`,
    );
    expect(expected[0]!.n).toBe(3);
    expect(day).toMatchObject({ orders: 3, receipts: { count: 3 }, grossMinor: expected[0]!.gross });
    expect((await dayOf(token, '2026-03-27')).orders).toBe(1);
    expect((await dayOf(token, '2026-03-29')).orders).toBe(1);
  });
});
