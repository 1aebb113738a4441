import { authEndpoints } from '@tavolo/contract/auth';
import { devicesEndpoints } from '@tavolo/contract/devices';
import { floorEndpoints } from '@tavolo/contract/floor';
import { kitchenEndpoints, stationsEndpoints } from '@tavolo/contract/kitchen';
import { categoriesEndpoints, menuEndpoints } from '@tavolo/contract/menu';
import { menuImportEndpoints } from '@tavolo/contract/menu-import';
import { orderChangesEndpoints } from '@tavolo/contract/order-changes';
import { ordersEndpoints } from '@tavolo/contract/orders';
import { paymentsEndpoints } from '@tavolo/contract/payments';
import { daysEndpoints } from '@tavolo/contract/receipts';
import { restaurantsEndpoints, type TRestaurant } from '@tavolo/contract/restaurants';
import { reviewsEndpoints } from '@tavolo/contract/reviews';
import { serviceRequestsEndpoints, tableServiceEndpoints } from '@tavolo/contract/table-service';
import { taxRatesEndpoints } from '@tavolo/contract/taxes';
import { uploadsEndpoints } from '@tavolo/contract/uploads';
import { walletEndpoints } from '@tavolo/contract/wallet';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callApi,
  createStaffMember,
  createTestApp,
  errorOf,
  injectApi,
  type Owner,
  registerOwner,
  seedRestaurant,
  type TestApp,
} from '../../../test/helpers';
import { createAccount, creditWallet } from '../../../test/money';
import { queryRows } from '../../db/client';

let t: TestApp;
let owner: Owner;
let otherOwner: Owner;
beforeAll(async () => {
  t = await createTestApp({ env: { LOGIN_LIMIT_PER_IP: '100000' } });
  owner = await registerOwner(t.app, { restaurantName: 'Casa Mia' });
  otherOwner = await registerOwner(t.app, { restaurantName: 'Somewhere Else' });
});
afterAll(() => t.close());

describe('GET /api/restaurants/{id}', () => {
  it("answers the owner's own restaurant", async () => {
    const response = await injectApi(t.app, restaurantsEndpoints.getRestaurant, {
      token: owner.token,
      params: { id: owner.restaurantId },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<TRestaurant>()).toMatchObject({
      id: owner.restaurantId,
      name: 'Casa Mia',
      serviceChargePercent: 0,
    });
  });

  it("answers 404 for another tenant's restaurant, like one that does not exist", async () => {
    const other = await injectApi(t.app, restaurantsEndpoints.getRestaurant, {
      token: owner.token,
      params: { id: otherOwner.restaurantId },
    });
    const missing = await injectApi(t.app, restaurantsEndpoints.getRestaurant, {
      token: owner.token,
      params: { id: '00000000-0000-4000-8000-000000000000' },
    });
    expect(other.statusCode).toBe(404);
    expect(missing.statusCode).toBe(404);
    expect(errorOf(other)).toEqual(errorOf(missing));
    expect(other.body).not.toContain('Somewhere Else');
  });

  it('answers 401 without a session and 400 for an id that is not a UUID', async () => {
    expect(
      (await injectApi(t.app, restaurantsEndpoints.getRestaurant, { params: { id: owner.restaurantId } }))
        .statusCode,
    ).toBe(401);
    const bad = await injectApi(t.app, restaurantsEndpoints.getRestaurant, {
      token: owner.token,
      params: { id: '42' },
    });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad)).toMatchObject({ code: 'VALIDATION_FAILED', fields: { id: 'must be a valid id' } });
  });

  it('lets staff read their own restaurant only', async () => {
    const waiter = await createStaffMember(t, owner, 'Waiter');
    expect(
      (
        await injectApi(t.app, restaurantsEndpoints.getRestaurant, {
          token: waiter.token,
          params: { id: owner.restaurantId },
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await injectApi(t.app, restaurantsEndpoints.getRestaurant, {
          token: waiter.token,
          params: { id: otherOwner.restaurantId },
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('PUT /api/restaurants/{id}', () => {
  it('changes only the fields it carries', async () => {
    const response = await injectApi(t.app, restaurantsEndpoints.updateRestaurant, {
      token: owner.token,
      params: { id: owner.restaurantId },
      body: { address: 'Via Roma 1, Bologna', serviceChargePercent: 12.5 },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      name: 'Casa Mia',
      address: 'Via Roma 1, Bologna',
      serviceChargePercent: 12.5,
      currency: 'EUR',
    });
    const again = await injectApi(t.app, restaurantsEndpoints.getRestaurant, {
      token: owner.token,
      params: { id: owner.restaurantId },
    });
    expect(again.json()).toMatchObject({ address: 'Via Roma 1, Bologna', serviceChargePercent: 12.5 });
  });

  it('clears an optional field sent as null', async () => {
    const response = await injectApi(t.app, restaurantsEndpoints.updateRestaurant, {
      token: owner.token,
      params: { id: owner.restaurantId },
      body: { phone: '+39 051 123456' },
    });
    expect(response.json().phone).toBe('+39 051 123456');
    const cleared = await injectApi(t.app, restaurantsEndpoints.updateRestaurant, {
      token: owner.token,
      params: { id: owner.restaurantId },
      body: { phone: null },
    });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toMatchObject({ phone: null, name: 'Casa Mia' });
  });

  it('answers 400 with fields for invalid values and unknown fields', async () => {
    const response = await injectApi(t.app, restaurantsEndpoints.updateRestaurant, {
      token: owner.token,
      params: { id: owner.restaurantId },
      body: { name: '  ', serviceChargePercent: 101, currency: 'EURO', timezone: 'Nowhere/Town' },
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).fields).toMatchObject({
      name: 'is required',
      serviceChargePercent: 'must be at most 100',
      currency: 'must be an ISO 4217 currency code',
      timezone: 'must be an IANA time zone',
    });
    const unknown = await injectApi(t.app, restaurantsEndpoints.updateRestaurant, {
      token: owner.token,
      params: { id: owner.restaurantId },
      body: { ownerId: otherOwner.restaurantId },
    });
    expect(unknown.statusCode).toBe(400);
  });

  it("answers 404 for another tenant's restaurant and leaves it untouched", async () => {
    const response = await injectApi(t.app, restaurantsEndpoints.updateRestaurant, {
      token: owner.token,
      params: { id: otherOwner.restaurantId },
      body: { name: 'Hijacked' },
    });
    expect(response.statusCode).toBe(404);
    const theirs = await injectApi(t.app, restaurantsEndpoints.getRestaurant, {
      token: otherOwner.token,
      params: { id: otherOwner.restaurantId },
    });
    expect(theirs.json().name).toBe('Somewhere Else');
  });

  it('answers 403 to staff without settings.manage (even a Manager)', async () => {
    const manager = await createStaffMember(t, owner, 'Manager');
    const response = await injectApi(t.app, restaurantsEndpoints.updateRestaurant, {
      token: manager.token,
      params: { id: owner.restaurantId },
      body: { name: 'Renamed by staff' },
    });
    expect(response.statusCode).toBe(403);
    expect(errorOf(response).code).toBe('FORBIDDEN');
  });
});

describe('a restaurant’s languages', () => {
  it('start as English alone, at sign-up and for a new restaurant, unless it is opened with others', async () => {
    const fresh = await registerOwner(t.app);
    const first = await callApi(t.app, fresh.token, restaurantsEndpoints.getRestaurant, {
      params: { id: fresh.restaurantId },
    });
    expect(first.languages).toEqual(['en']);
    const plain = await callApi(t.app, fresh.token, restaurantsEndpoints.createRestaurant, {
      body: { name: 'Second', currency: 'EUR', timezone: 'Europe/Rome' },
    });
    expect(plain.languages).toEqual(['en']);
    const italian = await callApi(t.app, fresh.token, restaurantsEndpoints.createRestaurant, {
      body: { name: 'Terza', currency: 'EUR', timezone: 'Europe/Rome', languages: ['it', 'de'] },
    });
    expect(italian.languages).toEqual(['it', 'de']);
  });

  it('change through PUT, in the order sent (the first is the working language), and show in every read', async () => {
    const fresh = await registerOwner(t.app);
    const changed = await callApi(t.app, fresh.token, restaurantsEndpoints.updateRestaurant, {
      params: { id: fresh.restaurantId },
      body: { languages: ['it', 'en', 'de'] },
    });
    expect(changed.languages).toEqual(['it', 'en', 'de']);
    const read = await callApi(t.app, fresh.token, restaurantsEndpoints.getRestaurant, {
      params: { id: fresh.restaurantId },
    });
    expect(read.languages).toEqual(['it', 'en', 'de']);
    const { items } = await callApi(t.app, fresh.token, restaurantsEndpoints.listRestaurants);
    expect(items[0]!.languages).toEqual(['it', 'en', 'de']);
    // A PUT without them keeps them.
    await callApi(t.app, fresh.token, restaurantsEndpoints.updateRestaurant, {
      params: { id: fresh.restaurantId },
      body: { name: 'Renamed' },
    });
    expect(
      (
        await callApi(t.app, fresh.token, restaurantsEndpoints.getRestaurant, {
          params: { id: fresh.restaurantId },
        })
      ).languages,
    ).toEqual(['it', 'en', 'de']);
  });

  it('are one to five known languages, each once: anything else is a 400 that changes nothing', async () => {
    const fresh = await registerOwner(t.app);
    await callApi(t.app, fresh.token, restaurantsEndpoints.updateRestaurant, {
      params: { id: fresh.restaurantId },
      body: { languages: ['fr', 'en'] },
    });
    const wrong: [unknown, string][] = [
      [[], 'needs at least one language'],
      [['it', 'it'], 'must not repeat a language'],
      [['it', 'pt'], 'must be one of en, it, es, de, fr'],
      [['de-CH'], 'must be one of en, it, es, de, fr'],
      [['en', 'it', 'es', 'de', 'fr', 'en'], ''],
      ['it', ''],
      [null, ''],
    ];
    for (const [languages, message] of wrong) {
      const response = await injectApi(t.app, restaurantsEndpoints.updateRestaurant, {
        token: fresh.token,
        params: { id: fresh.restaurantId },
        body: { languages },
      });
      expect(response.statusCode, JSON.stringify(languages)).toBe(400);
      expect(errorOf(response).code).toBe('VALIDATION_FAILED');
      const fields = Object.entries(errorOf(response).fields ?? {});
      expect(
        fields.some(([field]) => field.startsWith('languages')),
        JSON.stringify(fields),
      ).toBe(true);
      if (message) expect(fields.map(([, text]) => text)).toContain(message);
    }
    const read = await callApi(t.app, fresh.token, restaurantsEndpoints.getRestaurant, {
      params: { id: fresh.restaurantId },
    });
    expect(read.languages).toEqual(['fr', 'en']);
  });
});

describe('GET and POST /api/restaurants', () => {
  it('lets an owner open a second restaurant and lists both, never another owner’s', async () => {
    // ISO 4217 codes are written in capitals, as the API document says; anything else is a 400.
    const lowerCase = await injectApi(t.app, restaurantsEndpoints.createRestaurant, {
      token: owner.token,
      body: { name: 'Casa Mia Due', currency: 'chf', timezone: 'Europe/Zurich' },
    });
    expect(lowerCase.statusCode).toBe(400);
    expect(lowerCase.json().error.fields).toEqual({ currency: 'must be an ISO 4217 currency code' });
    const created = await injectApi(t.app, restaurantsEndpoints.createRestaurant, {
      token: owner.token,
      body: { name: 'Casa Mia Due', currency: 'CHF', timezone: 'Europe/Zurich' },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Casa Mia Due', currency: 'CHF' });
    const list = await injectApi(t.app, restaurantsEndpoints.listRestaurants, { token: owner.token });
    const names = list.json<{ items: TRestaurant[] }>().items.map((r) => r.name);
    expect(names).toEqual(['Casa Mia', 'Casa Mia Due']);
    const second = created.json<TRestaurant>();
    expect(
      (
        await injectApi(t.app, restaurantsEndpoints.getRestaurant, {
          token: otherOwner.token,
          params: { id: second.id },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('refuses staff opening a restaurant (403)', async () => {
    const manager = await createStaffMember(t, owner, 'Manager');
    const response = await injectApi(t.app, restaurantsEndpoints.createRestaurant, {
      token: manager.token,
      body: { name: 'Side business', currency: 'EUR', timezone: 'Europe/Rome' },
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('DELETE /api/restaurants/{id}', () => {
  /** Rows per table: in total, and of each restaurant for the tables that carry restaurant_id. */
  async function countRows(restaurantIds: string[]) {
    const tables = await queryRows<{ table_name: string; scoped: boolean }>(
      t.database.db,
      sql`SELECT t.table_name, EXISTS (
            SELECT 1 FROM information_schema.columns c
            WHERE c.table_schema = 'public' AND c.table_name = t.table_name AND c.column_name = 'restaurant_id'
          ) AS scoped
          FROM information_schema.tables t
          WHERE t.table_schema = 'public' AND t.table_type = 'BASE TABLE'
          ORDER BY t.table_name`,
    );
    const counts: Record<string, number> = {};
    for (const { table_name: name, scoped } of tables) {
      const [all] = await queryRows<{ n: number }>(
        t.database.db,
        sql`SELECT count(*)::int AS n FROM ${sql.identifier(name)}`,
      );
      counts[name] = all!.n;
      if (!scoped) continue;
      for (const id of restaurantIds) {
        const [mine] = await queryRows<{ n: number }>(
          t.database.db,
          sql`SELECT count(*)::int AS n FROM ${sql.identifier(name)} WHERE restaurant_id = ${id}`,
        );
        counts[`${name}@${id}`] = mine!.n;
      }
    }
    return counts;
  }

  /** Fills the session's restaurant with a bit of everything: menu, tables, orders, payments, staff, images. */
  async function fill(who: Owner) {
    const seeded = await seedRestaurant(t.app, { owner: who, tables: [1, 2] });
    // A tax rate: the receipts of the payments below carry tax (and their day's sums by rate).
    await callApi(t.app, who.token, taxRatesEndpoints.createTaxRate, {
      body: { name: 'IVA 10 %', rateBasisPoints: 1000 },
    });
    const order = await injectApi(t.app, ordersEndpoints.placeOrder, {
      headers: { 'idempotency-key': `fill-${Math.random()}` },
      body: { qrToken: seeded.tables[0]!.qrToken, items: [{ menuItemId: seeded.items[0]!.id, quantity: 2 }] },
    });
    expect(order.statusCode).toBe(201);
    const { id: orderId, guestToken } = order.json<{ id: string; guestToken: string }>();
    const { payment } = await callApi(t.app, who.token, ordersEndpoints.recordPayment, {
      params: { id: orderId },
      body: { method: 'cash', amountMinor: 500 },
    });
    await callApi(t.app, who.token, paymentsEndpoints.refundPayment, {
      params: { id: payment.id },
      body: { amountMinor: 100 },
    });
    const account = await createAccount(t.app, who.token);
    await creditWallet(t.database.db, who.restaurantId, 1000);
    await callApi(t.app, who.token, walletEndpoints.requestPayout, {
      body: { kind: 'payout', amountMinor: 300, settlementAccountId: account.id },
    });
    // The rest paid online, so the wallet and its ledger hold rows of the restaurant too.
    const checkout = await injectApi(t.app, paymentsEndpoints.startCheckout, {
      headers: { 'x-guest-token': guestToken },
      params: { id: orderId },
    });
    expect(checkout.statusCode).toBe(201);
    const paid = await injectApi(t.app, paymentsEndpoints.sandboxComplete, {
      params: { paymentId: checkout.json<{ paymentId: string }>().paymentId },
      body: { outcome: 'pay' },
    });
    expect(paid.json()).toMatchObject({ status: 'succeeded' });
    // Served, then reviewed by the guest: the restaurant has a review too.
    for (const status of ['accepted', 'preparing', 'ready', 'served'] as const) {
      await callApi(t.app, who.token, ordersEndpoints.updateOrderStatus, {
        params: { id: orderId },
        body: { status },
      });
    }
    const review = await injectApi(t.app, reviewsEndpoints.createReview, {
      body: { orderId, guestToken, rating: 4, comment: 'Fine' },
    });
    expect(review.statusCode).toBe(201);
    const waiter = await createStaffMember(t, who, 'Waiter');
    const taken = await callApi(t.app, waiter.token, ordersEndpoints.placeOrder, {
      body: {
        tableId: seeded.tables[1]!.id,
        items: [{ menuItemId: seeded.items[0]!.id, quantity: 2 }],
      },
    });
    // A void the waiter may not give, with a wrong PIN (a guess counted), then the owner's: the
    // restaurant has an audit entry and a count of wrong PINs.
    const voidOne = (token: string, approvalPin?: string) =>
      injectApi(t.app, orderChangesEndpoints.voidOrderLine, {
        token,
        params: { id: taken.id, lineIndex: 0 },
        body: { quantity: 1, reason: 'guest_changed_mind', approvalPin },
      });
    expect((await voidOne(waiter.token, '0000')).statusCode).toBe(403);
    expect((await voidOne(who.token)).statusCode).toBe(200);
    // A guest starts paying that table's bill: the restaurant has a bill payment too.
    const billCheckout = await injectApi(t.app, tableServiceEndpoints.startBillCheckout, {
      body: { qrToken: seeded.tables[1]!.qrToken, mode: 'full' },
    });
    expect(billCheckout.statusCode).toBe(201);
    // And calls a waiter: the restaurant has a service request.
    const called = await injectApi(t.app, serviceRequestsEndpoints.createServiceRequest, {
      body: { qrToken: seeded.tables[1]!.qrToken, kind: 'waiter' },
    });
    expect(called.statusCode).toBe(201);
    // A station with a printer that is off: a fired ticket waits for it (print_jobs).
    const station = await callApi(t.app, who.token, stationsEndpoints.createStation, {
      body: { name: 'Pass', printer: { host: '127.0.0.1', port: 9 } },
    });
    const printed = await callApi(t.app, who.token, categoriesEndpoints.createCategory, {
      body: { name: 'Printed', stationId: station.id },
    });
    const dish = await callApi(t.app, who.token, menuEndpoints.createMenuItem, {
      body: { categoryId: printed.id, name: 'Printed dish', priceMinor: 500 },
    });
    const fired = await callApi(t.app, who.token, ordersEndpoints.placeOrder, {
      body: { tableId: seeded.tables[0]!.id, items: [{ menuItemId: dish.id, quantity: 1 }] },
    });
    await callApi(t.app, who.token, kitchenEndpoints.reprintTicket, {
      body: { orderId: fired.id, stationId: station.id, course: 2 },
    });
    // The day: a day closed, and the first table's guests seated before its
    // bill is closed (their covers kept in past_visits); the payments above issued receipts.
    await callApi(t.app, who.token, daysEndpoints.closeDay, {
      params: { date: '2024-02-29' },
      body: { cashCountedMinor: 0 },
    });
    await callApi(t.app, who.token, floorEndpoints.openTable, {
      params: { id: seeded.tables[0]!.id },
      body: { covers: 2 },
    });
    // A shared device of the restaurant (devices).
    const marked = await injectApi(t.app, devicesEndpoints.markDevice, {
      token: who.token,
      body: { name: 'Bar tablet' },
    });
    expect(marked.statusCode).toBe(201);
    await callApi(t.app, who.token, tableServiceEndpoints.closeTableBill, {
      params: { id: seeded.tables[0]!.id },
      body: { payRestWith: 'cash' },
    });
    const forgot = await injectApi(t.app, authEndpoints.forgotPassword, {
      query: { staff: 'true' },
      body: { email: waiter.email },
    });
    expect(forgot.statusCode).toBe(202);
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    const boundary = 'fillboundary';
    const image = await injectApi(t.app, uploadsEndpoints.uploadImage, {
      token: who.token,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        png,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    expect(image.statusCode).toBe(201);
    // A spreadsheet read for a menu import and not applied yet (menu_import_previews).
    const preview = await injectApi(t.app, menuImportEndpoints.previewMenuImport, {
      token: who.token,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="m.csv"\r\n\r\ncategory,dish,price\r\nImported,Dish,1\r\n--${boundary}--\r\n`,
    });
    expect(preview.statusCode).toBe(200);
    return { seeded, waiter };
  }

  it('removes every row of that restaurant, in every table, and nothing of any other', async () => {
    const owner = await registerOwner(t.app, { restaurantName: 'Keeper' });
    const stranger = await registerOwner(t.app, { restaurantName: 'Neighbour' });
    await fill(owner);
    await fill(stranger);
    const doomed = await callApi(t.app, owner.token, restaurantsEndpoints.createRestaurant, {
      body: { name: 'Doomed', currency: 'EUR', timezone: 'Europe/Rome' },
    });
    await callApi(t.app, owner.token, authEndpoints.switchRestaurant, { body: { restaurantId: doomed.id } });
    const { waiter } = await fill({ ...owner, restaurantId: doomed.id });
    await callApi(t.app, owner.token, authEndpoints.switchRestaurant, {
      body: { restaurantId: owner.restaurantId },
    });

    const ids = [owner.restaurantId, stranger.restaurantId, doomed.id];
    const before = await countRows(ids);
    // Every restaurant-scoped table has rows of the doomed restaurant, so the test proves something.
    const scopedTables = Object.keys(before).filter((k) => k.endsWith(`@${doomed.id}`));
    expect(scopedTables.length).toBeGreaterThanOrEqual(10);
    for (const key of scopedTables) expect(before[key], key).toBeGreaterThan(0);

    const response = await injectApi(t.app, restaurantsEndpoints.deleteRestaurant, {
      token: owner.token,
      params: { id: doomed.id },
    });
    expect(response.statusCode).toBe(204);

    const after = await countRows(ids);
    for (const key of scopedTables) expect(after[key], key).toBe(0);
    for (const id of [owner.restaurantId, stranger.restaurantId]) {
      for (const key of Object.keys(before).filter((k) => k.endsWith(`@${id}`))) {
        expect(after[key], key).toBe(before[key]);
      }
    }
    // Tables without a restaurant_id: what belonged to the doomed restaurant went, nothing else.
    expect(after.owners).toBe(before.owners);
    expect(after.mail_outbox).toBe(before.mail_outbox);
    expect(after.password_reset_tokens).toBe(before.password_reset_tokens! - 1);
    // The guest's order (its table's key) and the waiter's order (their own key).
    expect(after.idempotency_keys).toBe(before.idempotency_keys! - 1);
    expect(after.rate_limits).toBeLessThan(before.rate_limits!);
    const gone = await queryRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM rate_limits WHERE key LIKE ${`%${waiter.email}%`}`,
    );
    expect(gone[0]!.n).toBe(0);

    expect((await injectApi(t.app, authEndpoints.me, { token: waiter.token })).statusCode).toBe(401);
    expect((await injectApi(t.app, authEndpoints.me, { token: owner.token })).statusCode).toBe(200);
    const again = await injectApi(t.app, restaurantsEndpoints.deleteRestaurant, {
      token: owner.token,
      params: { id: doomed.id },
    });
    expect(again.statusCode).toBe(404);
  });

  it('answers 409 for the restaurant the session works in, 404 for one not the owner’s, 403 for staff', async () => {
    const owner = await registerOwner(t.app);
    const stranger = await registerOwner(t.app);
    const current = await injectApi(t.app, restaurantsEndpoints.deleteRestaurant, {
      token: owner.token,
      params: { id: owner.restaurantId },
    });
    expect(current.statusCode).toBe(409);
    const theirs = await injectApi(t.app, restaurantsEndpoints.deleteRestaurant, {
      token: owner.token,
      params: { id: stranger.restaurantId },
    });
    expect(theirs.statusCode).toBe(404);
    const manager = await createStaffMember(t, owner, 'Manager');
    const asStaff = await injectApi(t.app, restaurantsEndpoints.deleteRestaurant, {
      token: manager.token,
      params: { id: owner.restaurantId },
    });
    expect(asStaff.statusCode).toBe(403);
    expect(
      (
        await injectApi(t.app, restaurantsEndpoints.getRestaurant, {
          token: owner.token,
          params: { id: owner.restaurantId },
        })
      ).statusCode,
    ).toBe(200);
  });
});
