import { API_ENDPOINTS } from '@tavolo/contract/api';
import type { Endpoint } from '@tavolo/contract/endpoint';
import { menuImportEndpoints, type TMenuImportPreview } from '@tavolo/contract/menu-import';
import { IDEMPOTENCY_KEY_HEADER } from '@tavolo/contract/orders';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ApiArgs,
  type ApiInput,
  callApi,
  createStaffMember,
  createTestApp,
  injectApi,
  type Owner,
  registerOwner,
  type TestApp,
  uniqueEmail,
} from '../../../test/helpers';
import { createAccount, creditWallet } from '../../../test/money';
import { queryRows } from '../../db/client';
import { recordAudit } from '../audit/audit-log';
import { createFileSpool, csvSources } from './data-export.service';

/*
 * A restaurant's data to take away (PRODUCT.md §14, decision 044): the owner's zip holds every file,
 * each one readable, with every row of the restaurant and nothing of another's, and no secret —
 * no password or PIN hash, no session, reset or guest token, no table code, no Idempotency-Key.
 */

const E = API_ENDPOINTS;
const FILES = [
  'audit.csv',
  'days.csv',
  'manifest.json',
  'menu.csv',
  'menu.json',
  'order-lines.csv',
  'orders.csv',
  'payments.csv',
  'receipts.csv',
  'refunds.csv',
  'restaurant.json',
  'reviews.csv',
  'staff.csv',
  'tables.csv',
  'wallet.csv',
];
const PIN = '97531';
const IDEMPOTENCY_KEY = 'export-test-idempotency-key-7f3a';

let t: TestApp;

type Seeded = {
  owner: Owner;
  name: string;
  qrTokens: string[];
  guestTokens: string[];
  staffPassword: string;
};

/** A restaurant with something in every file, made through the API as its owner, staff and guests would. */
async function seed(name: string, dish: string): Promise<Seeded> {
  const owner = await registerOwner(t.app, { restaurantName: name });
  const as = <X extends Endpoint>(endpoint: X, input: ApiInput<X>) =>
    callApi(t.app, owner.token, endpoint, ...([input] as unknown as ApiArgs<X>));
  await as(E.updateRestaurant, { params: { id: owner.restaurantId }, body: { languages: ['it', 'en'] } });
  const rate = await as(E.createTaxRate, { body: { name: `IVA ${name}`, rateBasisPoints: 1000 } });
  const category = await as(E.createCategory, {
    body: { name: 'Primi', taxRateId: rate.id, translations: { en: { name: 'First courses' } } },
  });
  await as(E.createCategory, { body: { name: 'Dolci' } });
  const item = await as(E.createMenuItem, {
    body: {
      categoryId: category.id,
      name: dish,
      priceMinor: 1250,
      description: '+ a formula-looking description',
      translations: { en: { name: `${dish} (en)` } },
    },
  });
  const table = await as(E.createTable, { body: { number: 7, label: 'Window', area: 'Terrace' } });
  const guest = await callApi(t.app, null, E.placeOrder, {
    body: {
      qrToken: table.qrToken,
      customerName: `Guest of ${name}`,
      note: '=1+1',
      items: [{ menuItemId: item.id, quantity: 2, note: 'no salt' }],
    },
  });
  const staffOrder = await as(E.placeOrder, {
    body: { tableId: table.id, items: [{ menuItemId: item.id, quantity: 1 }] },
  });
  const { payment } = await callApi(t.app, owner.token, E.recordPayment, {
    params: { id: guest.id },
    body: { method: 'card', amountMinor: guest.totalMinor },
    headers: { [IDEMPOTENCY_KEY_HEADER]: IDEMPOTENCY_KEY },
  });
  await as(E.refundPayment, { params: { id: payment.id }, body: { amountMinor: 100, reason: 'cold' } });
  for (const status of ['accepted', 'preparing', 'ready', 'served'] as const) {
    await as(E.updateOrderStatus, { params: { id: guest.id }, body: { status } });
  }
  await callApi(t.app, null, E.createReview, {
    body: { orderId: guest.id, guestToken: guest.guestToken!, rating: 5, comment: `Lovely ${dish}` },
  });
  await as(E.discountOrder, {
    params: { id: staffOrder.id },
    body: { lineIndex: 0, percent: 10, reason: 'regular_guest' },
  });
  const member = await createStaffMember(t, owner, 'Manager');
  await callApi(t.app, member.token, E.setStaffPin, { params: { id: member.staffId }, body: { pin: PIN } });
  await callApi(t.app, null, E.forgotPassword, { body: { email: owner.email } });
  const account = await createAccount(t.app, owner.token);
  await creditWallet(t.database.db, owner.restaurantId, 5_000);
  await as(E.requestPayout, {
    body: { kind: 'payout', amountMinor: 1_000, settlementAccountId: account.id },
  });
  await as(E.closeDay, { params: { date: '2024-02-29' }, body: { cashCountedMinor: 0, note: 'quiet' } });
  // A menu import read and not applied: its file is no part of the restaurant's data.
  const boundary = 'exportboundary';
  await injectApi(t.app, menuImportEndpoints.previewMenuImport, {
    token: owner.token,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="m.csv"\r\n\r\ncategory,dish,price\r\nSecret preview,Nope,1\r\n--${boundary}--\r\n`,
  });
  return {
    owner,
    name,
    qrTokens: [table.qrToken],
    guestTokens: [guest.guestToken!],
    staffPassword: member.password,
  };
}

let a: Seeded;
let b: Seeded;
let files: Record<string, string>;
let zipBytes: Buffer;

beforeAll(async () => {
  t = await createTestApp();
  a = await seed('Trattoria Esportazione', 'Cacio e pepe');
  b = await seed('Osteria Altrove', 'Amatriciana segreta');
  const response = await injectApi(t.app, E.exportRestaurant, {
    token: a.owner.token,
    params: { id: a.owner.restaurantId },
  });
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  expect(response.headers['content-type']).toBe('application/zip');
  expect(response.headers['content-disposition']).toMatch(
    /^attachment; filename="tavolo-trattoria-esportazione-\d{4}-\d{2}-\d{2}\.zip"$/,
  );
  zipBytes = response.rawPayload;
  files = Object.fromEntries(
    Object.entries(unzipSync(zipBytes)).map(([name, bytes]) => [name, strFromU8(bytes)]),
  );
});
afterAll(() => t.close());

const csv = (name: string): Record<string, string>[] => parse(files[name]!, { columns: true });

describe('the export', () => {
  it('holds every file, each one readable, with the row counts its manifest says', () => {
    expect(Object.keys(files).sort()).toEqual(FILES);
    const manifest = JSON.parse(files['manifest.json']!);
    expect(manifest).toMatchObject({ format: 1, restaurantId: a.owner.restaurantId, currency: 'EUR' });
    for (const { name, rows } of manifest.files as { name: string; rows: number | null }[]) {
      if (name.endsWith('.csv')) expect(csv(name), name).toHaveLength(rows!);
      else JSON.parse(files[name]!);
    }
    expect(manifest.files.map((f: { name: string }) => f.name).sort()).toEqual(
      FILES.filter((f) => f !== 'manifest.json'),
    );
  });

  it('has the restaurant’s rows in each file', () => {
    const restaurant = JSON.parse(files['restaurant.json']!);
    expect(restaurant.restaurant).toMatchObject({ name: a.name, languages: ['it', 'en'] });
    expect(restaurant.taxRates.map((r: { name: string }) => r.name)).toEqual([`IVA ${a.name}`]);
    expect(restaurant.roles.map((r: { name: string }) => r.name)).toContain('Manager');
    expect(restaurant.settlementAccounts).toHaveLength(1);
    const menu = JSON.parse(files['menu.json']!);
    expect(menu.categories.map((c: { name: string }) => c.name)).toEqual(['Primi', 'Dolci']);
    expect(menu.items.map((i: { name: string; translations: unknown }) => [i.name, i.translations])).toEqual([
      ['Cacio e pepe', { en: { name: 'Cacio e pepe (en)' } }],
    ]);

    expect(csv('tables.csv')).toEqual([
      expect.objectContaining({ number: '7', label: 'Window', area: 'Terrace', active: 'yes' }),
    ]);
    const orders = csv('orders.csv');
    expect(orders.map((o) => o.number)).toEqual(['1', '2']);
    expect(orders[0]).toMatchObject({ customer: `Guest of ${a.name}`, note: "'=1+1", total: '25.00' });
    expect(orders[0]!.history!.split('; ').map((move) => move.split(' ')[0])).toEqual([
      'pending',
      'accepted',
      'preparing',
      'ready',
      'served',
    ]);
    expect(orders[0]!.history).toMatch(
      /^pending \d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z Guest of Trattoria Esportazione; accepted \S+ Ada Owner;/,
    );
    expect(csv('order-lines.csv').map((l) => [l.order_number, l.dish, l.quantity, l.note])).toEqual([
      ['1', 'Cacio e pepe', '2', 'no salt'],
      ['2', 'Cacio e pepe', '1', ''],
    ]);
    expect(csv('payments.csv')).toEqual([
      expect.objectContaining({ order_number: '1', method: 'card', amount: '25.00', refunded: '1.00' }),
    ]);
    expect(csv('refunds.csv')).toEqual([expect.objectContaining({ amount: '1.00', reason: 'cold' })]);
    expect(csv('receipts.csv').map((r) => [r.kind, r.gross])).toEqual([
      ['receipt', '25.00'],
      ['credit_note', '-1.00'],
    ]);
    expect(csv('reviews.csv')).toEqual([
      expect.objectContaining({ rating: '5', comment: 'Lovely Cacio e pepe' }),
    ]);
    expect(csv('staff.csv')).toEqual([
      expect.objectContaining({ role: 'Manager', has_pin: 'yes', active: 'yes' }),
    ]);
    expect(csv('audit.csv').map((e) => e.kind)).toEqual([
      'payment.recorded',
      'payment.refunded',
      'order.discounted',
      'day.closed',
    ]);
    expect(csv('wallet.csv').map((w) => [w.kind, w.amount])).toEqual([
      ['payment', '50.00'],
      ['payout', '10.00'],
    ]);
    expect(csv('days.csv')).toEqual([expect.objectContaining({ date: '2024-02-29', note: 'quiet' })]);
  });

  it('has the menu.csv that the menu import reads back as unchanged', async () => {
    const current = await injectApi(t.app, menuImportEndpoints.menuCsv, { token: a.owner.token });
    expect(files['menu.csv']).toBe(current.body);
    const boundary = 'reimport';
    const response = await injectApi(t.app, menuImportEndpoints.previewMenuImport, {
      token: a.owner.token,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="menu.csv"\r\n\r\n${files['menu.csv']}\r\n--${boundary}--\r\n`,
    });
    const preview = response.json<TMenuImportPreview>();
    expect(preview.errors).toEqual([]);
    expect([preview.create, preview.update]).toEqual([[], []]);
    expect(preview.unchanged.map((e) => e.name)).toEqual(['Primi', 'Cacio e pepe', 'Dolci']);
  });

  it('holds no secret: no password or PIN hash, session, reset or guest token, table code or Idempotency-Key', async () => {
    const everything = Object.values(files).join('\n');
    const db = t.database.db;
    const secrets = [
      ...(
        await queryRows<{ s: string }>(
          db,
          sql`SELECT password_hash AS s FROM owners
            UNION ALL SELECT password_hash FROM staff UNION ALL SELECT pin_hash FROM staff WHERE pin_hash IS NOT NULL
            UNION ALL SELECT token_hash FROM sessions UNION ALL SELECT token_hash FROM password_reset_tokens
            UNION ALL SELECT qr_token FROM dining_tables
            UNION ALL SELECT guest_token_hash FROM orders WHERE guest_token_hash IS NOT NULL
            UNION ALL SELECT key FROM idempotency_keys
            UNION ALL SELECT checkout_url FROM payments WHERE checkout_url IS NOT NULL`,
        )
      ).map((r) => r.s),
      a.owner.token,
      a.owner.password,
      a.staffPassword,
      PIN,
      IDEMPOTENCY_KEY,
      ...a.qrTokens,
      ...a.guestTokens,
    ];
    expect(secrets.length).toBeGreaterThanOrEqual(12);
    const found = secrets.filter((secret) => everything.includes(secret));
    expect(found).toEqual([]);
    expect(everything).not.toMatch(/\$argon2|\$2[aby]\$|\$scrypt/);
    // Not in the zip's bytes either (names and comments are stored as written).
    expect(zipBytes.includes('$argon2')).toBe(false);
    // Nor the file of a menu import that was previewed and never applied.
    expect(everything).not.toContain('Secret preview');
  });

  it('shows nothing of another restaurant', async () => {
    const everything = Object.values(files).join('\n');
    const idsOfB = (
      await queryRows<{ id: string }>(
        t.database.db,
        sql`SELECT id::text FROM menu_items WHERE restaurant_id = ${b.owner.restaurantId}
            UNION ALL SELECT id::text FROM orders WHERE restaurant_id = ${b.owner.restaurantId}
            UNION ALL SELECT id::text FROM payments WHERE restaurant_id = ${b.owner.restaurantId}
            UNION ALL SELECT id::text FROM staff WHERE restaurant_id = ${b.owner.restaurantId}
            UNION ALL SELECT id::text FROM dining_tables WHERE restaurant_id = ${b.owner.restaurantId}
            UNION ALL SELECT id::text FROM audit_log WHERE restaurant_id = ${b.owner.restaurantId}`,
      )
    ).map((r) => r.id);
    expect(idsOfB.length).toBeGreaterThanOrEqual(8);
    const leaked = [b.owner.restaurantId, b.name, 'Amatriciana segreta', ...idsOfB].filter((mark) =>
      everything.includes(mark),
    );
    expect(leaked).toEqual([]);
  });

  it('is the owner’s: staff get 403, another restaurant’s owner 404', async () => {
    const manager = await createStaffMember(t, a.owner, 'Manager');
    const staff = await injectApi(t.app, E.exportRestaurant, {
      token: manager.token,
      params: { id: a.owner.restaurantId },
    });
    expect(staff.statusCode).toBe(403);
    const other = await injectApi(t.app, E.exportRestaurant, {
      token: b.owner.token,
      params: { id: a.owner.restaurantId },
    });
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain(a.name);
  });

  it('reads each file in batches along its index: one row at a time gives the same file', async () => {
    // Entries written at one instant: the batches' order must not lose or repeat one of them.
    await recordAudit(
      t.database.db,
      a.owner.restaurantId,
      {
        kind: 'order.line_voided',
        actor: { id: null, name: 'Tie one' },
        amountMinor: 100,
        reason: 'quality',
      },
      {
        kind: 'order.line_voided',
        actor: { id: null, name: 'Tie two' },
        amountMinor: 200,
        reason: 'quality',
      },
      {
        kind: 'order.line_voided',
        actor: { id: null, name: 'Tie three' },
        amountMinor: 300,
        reason: 'quality',
      },
    );
    const read = async (batchSize: number) => {
      const texts: Record<string, string> = {};
      for (const source of csvSources(
        t.database.db,
        { id: a.owner.restaurantId, currency: 'EUR' },
        batchSize,
        createFileSpool(),
      )) {
        texts[source.name] = '';
        for await (const chunk of source.chunks(() => {})) texts[source.name] += chunk;
      }
      return texts;
    };
    const oneByOne = await read(1);
    const all = await read(10_000);
    expect(oneByOne).toEqual(all);
    const audit: Record<string, string>[] = parse(all['audit.csv']!, { columns: true });
    expect(audit.map((e) => e.actor)).toEqual(expect.arrayContaining(['Tie one', 'Tie two', 'Tie three']));
    for (const name of ['orders.csv', 'order-lines.csv', 'audit.csv', 'wallet.csv', 'receipts.csv'])
      expect(parse(all[name]!, { columns: true }).length, name).toBeGreaterThanOrEqual(2);
  });

  it('of an empty restaurant still holds every file, with headers and no rows', async () => {
    const empty = await registerOwner(t.app, { restaurantName: 'Vuoto', email: uniqueEmail() });
    const response = await injectApi(t.app, E.exportRestaurant, {
      token: empty.token,
      params: { id: empty.restaurantId },
    });
    const unzipped = unzipSync(response.rawPayload);
    expect(Object.keys(unzipped).sort()).toEqual(FILES);
    expect(parse(strFromU8(unzipped['orders.csv']!), { columns: true })).toEqual([]);
    expect(strFromU8(unzipped['orders.csv']!).startsWith('id,number,created_at')).toBe(true);
  });
});
