import { randomUUID } from 'node:crypto';
import type { TCreatedOrder, TRecordedPayment } from '@tavolo/contract/orders';
import type { TCheckout, TPaymentPage } from '@tavolo/contract/payments';
import type { TReviewPage } from '@tavolo/contract/reviews';
import type { TSettlementAccount, TWalletPage, TWalletTransaction } from '@tavolo/contract/wallet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  callApi,
  createTestApp,
  type SeededRestaurant,
  seedRestaurant,
  type TestApp,
} from '../../test/helpers';
import { createAccount, creditWallet } from '../../test/money';
import type { Db } from '../db/client';
import { reviews, uploads } from '../db/schema';
import {
  countOpenOrders,
  countOrdersByStatus,
  findWalletBalances,
  sumMenuItemSales,
  summarizeOrders,
  sumRevenue,
} from './dashboard/dashboard.repository';
import {
  countItemsInCategory,
  deleteCategory,
  findCategories,
  findCategory,
  findCategoryIds,
  updateCategory,
  updateCategoryPositions,
} from './menu/categories.repository';
import {
  deleteMenuItem,
  findItemsServedOn,
  findMenuItem,
  findMenuItems,
  updateMenuItem,
} from './menu/menu.repository';
import { lockPayment, updatePayment } from './money/money.repository';
import { findPendingOnlinePayment } from './online-payments/online-payments.repository';
import { findMenuSnapshot, findOrder, findOrders, lockOrder, updateOrder } from './orders/orders.repository';
import {
  findPayment,
  findPayments,
  findPaymentsOfOrder,
  findPaymentWithOrder,
  findRefundsOfPayments,
  sumPaymentsByDay,
  sumRefundsByDay,
} from './payments/payments.repository';
import { countReviewsByRating, findReviews, sumRatings } from './reviews/reviews.repository';
import {
  accountHasTransactions,
  clearDefaultAccount,
  countLiveAccounts,
  deleteAccount,
  findLiveAccount,
  findLiveAccountForPayout,
  findLiveAccounts,
  findNewestLiveAccount,
  findPayoutAccountSummary,
  updateAccount,
} from './settlement/settlement-accounts.repository';
import {
  countOpenOrdersAtTable,
  deleteTable,
  findActiveTableWithRestaurant,
  findTable,
  findTables,
  updateTable,
} from './tables/tables.repository';
import { findUploadData, setUploadData } from './uploads/uploads.repository';
import { findWalletTransactions } from './wallet/wallet.repository';
import { walletBalance } from './wallet/wallet-ledger';

/**
 * The tenant rule at its root: every repository function that reads or writes a restaurant's rows
 * filters on the restaurant it is given, so a service that forgot a check still finds nothing of
 * another restaurant. Each call below names restaurant A with an id of restaurant B's.
 */
let t: TestApp;
let db: Db;
let a: SeededRestaurant;
let b: SeededRestaurant;
let bOrder: TCreatedOrder;
/** Restaurant B's money: a paid and partly refunded order, a settlement account, a payout. */
let bPaidOrder: TCreatedOrder;
let bPayment: TRecordedPayment['payment'];
let bAccount: TSettlementAccount;
let bPayout: TWalletTransaction;
let bCheckout: TCheckout;

beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
  a = await seedRestaurant(t.app);
  b = await seedRestaurant(t.app);
  bOrder = await callApi<TCreatedOrder>(t.app, b.owner.token, 'POST', '/api/orders', {
    tableId: b.tables[0]!.id,
    items: [{ menuItemId: b.items[0]!.id, quantity: 1 }],
  });
  const B = b.owner.restaurantId;
  bPaidOrder = await callApi<TCreatedOrder>(t.app, b.owner.token, 'POST', '/api/orders', {
    tableId: b.tables[0]!.id,
    items: [{ menuItemId: b.items[0]!.id, quantity: 1 }],
  });
  bPayment = (
    await callApi<TRecordedPayment>(t.app, b.owner.token, 'POST', `/api/orders/${bPaidOrder.id}/payments`, {
      method: 'card',
      amountMinor: bPaidOrder.totalMinor,
    })
  ).payment;
  await callApi(t.app, b.owner.token, 'POST', `/api/payments/${bPayment.id}/refund`, { amountMinor: 1 });
  bAccount = await createAccount(t.app, b.owner.token);
  await creditWallet(db, B, 1000);
  bPayout = await callApi<TWalletTransaction>(t.app, b.owner.token, 'POST', '/api/wallet-transactions', {
    kind: 'payout',
    amountMinor: 100,
    settlementAccountId: bAccount.id,
  });
  bCheckout = await callApi<TCheckout>(t.app, b.owner.token, 'POST', `/api/orders/${bOrder.id}/checkout`);
});
afterAll(() => t.close());

const A = () => a.owner.restaurantId;

/** One of restaurant B's images, with its bytes or (as before they moved into the database) without. */
async function insertImageOfB(data: Buffer | null) {
  const storageKey = `${b.owner.restaurantId}/${randomUUID()}.webp`;
  const values = { storageKey, url: `/uploads/${storageKey}`, contentType: 'image/webp' };
  const [row] = await db
    .insert(uploads)
    .values({ ...values, restaurantId: b.owner.restaurantId, width: 1, height: 1, bytes: 3, data })
    .returning();
  return row!;
}

describe('repositories scoped by restaurant', () => {
  it('find nothing of another restaurant', async () => {
    const category = b.category.id;
    const item = b.items[0]!.id;
    const table = b.tables[0]!.id;
    expect(await findCategory(db, A(), category)).toBeUndefined();
    expect(await countItemsInCategory(db, A(), category)).toBe(0);
    expect((await findCategories(db, A())).map((c) => c.id)).not.toContain(category);
    expect(await findCategoryIds(db, A())).not.toContain(category);
    expect(await findMenuItem(db, A(), item)).toBeUndefined();
    expect((await findMenuItems(db, A())).map((i) => i.id)).not.toContain(item);
    expect((await findItemsServedOn(db, A(), 1)).map((i) => i.id)).not.toContain(item);
    expect((await findMenuSnapshot(db, A()))?.items.has(item)).toBe(false);
    expect(await findTable(db, A(), table)).toBeUndefined();
    expect((await findTables(db, A())).map((r) => r.id)).not.toContain(table);
    expect(await countOpenOrdersAtTable(db, A(), table)).toBe(0);
    expect(await findActiveTableWithRestaurant(db, { restaurantId: A(), tableId: table })).toBeUndefined();
    expect(
      await findActiveTableWithRestaurant(db, { restaurantId: A(), tableNumber: b.tables[0]!.number + 1000 }),
    ).toBeUndefined();
    expect(await findOrder(db, A(), bOrder.id)).toBeUndefined();
    expect(await db.transaction((tx) => lockOrder(tx, A(), bOrder.id))).toBeUndefined();
    expect((await findOrders(db, A(), {}, { limit: 100, offset: 0 })).rows.map((o) => o.id)).not.toContain(
      bOrder.id,
    );
    const image = await insertImageOfB(Buffer.from('abc'));
    expect(await findUploadData(db, A(), image.storageKey)).toBeUndefined();
    expect(await db.transaction((tx) => lockPayment(tx, A(), bCheckout.paymentId))).toBeUndefined();
    expect(
      await findPendingOnlinePayment(db, A(), { orderId: bOrder.id, provider: 'sandbox' }),
    ).toBeUndefined();
  });

  it('change nothing of another restaurant', async () => {
    expect(await updateCategory(db, A(), b.category.id, { name: 'Hijacked' })).toBe(false);
    await updateCategoryPositions(db, A(), [b.category.id]);
    await deleteCategory(db, A(), b.category.id);
    expect(await updateMenuItem(db, A(), b.items[0]!.id, { name: 'Hijacked' })).toBeUndefined();
    expect(await deleteMenuItem(db, A(), b.items[0]!.id)).toBe(false);
    expect(await updateTable(db, A(), b.tables[0]!.id, { label: 'Hijacked' })).toBeUndefined();
    await deleteTable(db, A(), b.tables[0]!.id);
    expect(await updateOrder(db, A(), bOrder.id, { note: 'Hijacked' })).toBeUndefined();
    const image = await insertImageOfB(null);
    await setUploadData(db, A(), image.id, Buffer.from('hijacked'));
    expect(await updatePayment(db, A(), bCheckout.paymentId, { status: 'succeeded' })).toBeUndefined();

    // Restaurant B's rows are as they were.
    const B = b.owner.restaurantId;
    expect(await findCategory(db, B, b.category.id)).toMatchObject({ name: b.category.name, position: 0 });
    expect(await findMenuItem(db, B, b.items[0]!.id)).toMatchObject({ name: b.items[0]!.name });
    expect(await findTable(db, B, b.tables[0]!.id)).toMatchObject({ label: null });
    expect(await findOrder(db, B, bOrder.id)).toMatchObject({ note: null, version: 1 });
    expect(await findUploadData(db, B, image.storageKey)).toBeUndefined();
    expect(await findPendingOnlinePayment(db, B, { orderId: bOrder.id, provider: 'sandbox' })).toMatchObject({
      id: bCheckout.paymentId,
      status: 'pending',
    });
  });
});

describe('money scoped by restaurant', () => {
  const everything = {
    start: new Date('2000-01-01T00:00:00Z'),
    end: new Date('2100-01-01T00:00:00Z'),
    timezone: 'UTC',
  };

  it('repositories find and change nothing of another restaurant', async () => {
    expect(await findPayment(db, A(), bPayment.id)).toBeUndefined();
    expect(await findPaymentWithOrder(db, A(), bPayment.id)).toBeUndefined();
    expect(await db.transaction((tx) => lockPayment(tx, A(), bPayment.id))).toBeUndefined();
    expect((await findPayments(db, A(), {}, { limit: 100, offset: 0 })).rows).toEqual([]);
    expect(await findPaymentsOfOrder(db, A(), bPaidOrder.id)).toEqual([]);
    expect((await findRefundsOfPayments(db, A(), [bPayment.id])).get(bPayment.id)).toEqual([]);
    expect(await sumPaymentsByDay(db, A(), everything)).toEqual([]);
    expect(await sumRefundsByDay(db, A(), everything)).toEqual([]);
    expect(await updatePayment(db, A(), bPayment.id, { refundedMinor: 0 })).toBeUndefined();

    expect(await walletBalance(db, A())).toBe(0);
    expect((await findWalletTransactions(db, A(), {}, { limit: 100, offset: 0 })).rows).toEqual([]);

    expect(await findLiveAccounts(db, A())).toEqual([]);
    expect(await db.transaction((tx) => findLiveAccount(tx, A(), bAccount.id))).toBeUndefined();
    expect(await db.transaction((tx) => findLiveAccountForPayout(tx, A(), bAccount.id))).toBeUndefined();
    expect(await findNewestLiveAccount(db, A())).toBeUndefined();
    expect(await countLiveAccounts(db, A())).toBe(0);
    expect(await accountHasTransactions(db, A(), bAccount.id)).toBe(false);
    expect(await findPayoutAccountSummary(db, A())).toBeNull();
    await clearDefaultAccount(db, A());
    expect(await updateAccount(db, A(), bAccount.id, { bankName: 'Hijacked' })).toBeUndefined();
    await deleteAccount(db, A(), bAccount.id);

    // Restaurant B's rows are as they were.
    const B = b.owner.restaurantId;
    expect(await findPayment(db, B, bPayment.id)).toMatchObject({ refundedMinor: 1 });
    expect(await findLiveAccounts(db, B)).toMatchObject([
      { id: bAccount.id, isDefault: true, bankName: bAccount.bankName },
    ]);
    expect(await walletBalance(db, B)).toBe(900);
  });

  it('calls naming another restaurant’s money answer 404 (or 422 for a body’s account), and lists show none of it', async () => {
    const as = bearer(a.owner.token);
    const refund = await t.app.inject({
      method: 'POST',
      url: `/api/payments/${bPayment.id}/refund`,
      headers: as,
      payload: { amountMinor: 1 },
    });
    expect(refund.statusCode).toBe(404);
    expect(
      (await t.app.inject({ url: `/api/orders/${bPaidOrder.id}/payments`, headers: as })).statusCode,
    ).toBe(404);
    const payout = await t.app.inject({
      method: 'POST',
      url: '/api/wallet-transactions',
      headers: as,
      payload: { kind: 'payout', amountMinor: 1, settlementAccountId: bAccount.id },
    });
    expect(payout.statusCode).toBe(422);
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/settlement-accounts/${bAccount.id}`,
      headers: as,
      payload: { isDefault: true },
    });
    expect(put.statusCode).toBe(404);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/settlement-accounts/${bAccount.id}`,
      headers: as,
    });
    expect(del.statusCode).toBe(404);
    for (const path of [
      'payments/restaurant',
      'payments/stats',
      'wallet-transactions',
      'settlement-accounts',
    ]) {
      const url = `/api/${path}/${b.owner.restaurantId}`;
      expect((await t.app.inject({ url, headers: as })).statusCode, url).toBe(404);
    }

    const payments = await callApi<TPaymentPage>(
      t.app,
      a.owner.token,
      'GET',
      `/api/payments/restaurant/${A()}`,
    );
    expect(payments.total).toBe(0);
    const wallet = await callApi<TWalletPage>(t.app, a.owner.token, 'GET', `/api/wallet-transactions/${A()}`);
    expect(wallet).toMatchObject({ balanceMinor: 0, total: 0 });
    expect(JSON.stringify(wallet)).not.toContain(bPayout.id);
    const accounts = await callApi<{ items: unknown[] }>(
      t.app,
      a.owner.token,
      'GET',
      `/api/settlement-accounts/${A()}`,
    );
    expect(accounts.items).toEqual([]);
    // Restaurant B's payment was not refunded, its account not changed.
    expect(await findPayment(db, b.owner.restaurantId, bPayment.id)).toMatchObject({ refundedMinor: 1 });
  });
});

describe('dashboard figures scoped by restaurant', () => {
  it("never count another restaurant's orders, payments, refunds, wallet or dishes", async () => {
    // Restaurant B (set up above): two orders, one paid by card and partly refunded, a wallet
    // credited and paid out from.
    const B = b.owner.restaurantId;
    const day = 24 * 60 * 60 * 1000;
    const around = { starts: new Date(Date.now() - day), ends: new Date(Date.now() + day) };
    // The same calls for B see its rows, so the zeros below are A's, not an empty range's.
    expect(await sumRevenue(db, B, [around])).toEqual([bPaidOrder.totalMinor - 1]);
    expect(await summarizeOrders(db, B, [around])).toEqual([
      { count: 2, totalMinor: bOrder.totalMinor + bPaidOrder.totalMinor },
    ]);
    expect(await findWalletBalances(db, B, new Date(Date.now() - 7 * day))).toEqual({
      nowMinor: 900,
      thenMinor: 0,
    });

    expect(await sumRevenue(db, A(), [around])).toEqual([0]);
    expect(await summarizeOrders(db, A(), [around])).toEqual([{ count: 0, totalMinor: 0 }]);
    expect(await countOrdersByStatus(db, A(), around)).toEqual({});
    expect(await countOpenOrders(db, A())).toEqual({ active: 0, pending: 0 });
    expect(await findWalletBalances(db, A(), new Date(Date.now() - 7 * day))).toEqual({
      nowMinor: 0,
      thenMinor: 0,
    });
    // A's own dish, unsold; nothing of B's.
    expect(await sumMenuItemSales(db, A(), around)).toEqual([
      { menuItemId: a.items[0]!.id, name: a.items[0]!.name, quantity: 0, revenueMinor: 0 },
    ]);
  });
});

describe('reviews scoped by restaurant', () => {
  it("never list or count another restaurant's reviews; its list answers 404", async () => {
    const B = b.owner.restaurantId;
    await db.insert(reviews).values({ restaurantId: B, orderId: bOrder.id, rating: 2, comment: 'theirs' });
    const page = { limit: 100, offset: 0 };
    const later = new Date(Date.now() + 60_000);
    // The same calls for B see its review, so the zeros below are A's.
    expect((await findReviews(db, B, {}, page)).total).toBe(1);
    expect(await sumRatings(db, B, later)).toEqual({ count: 1, sum: 2, countBefore: 1, sumBefore: 2 });

    expect(await findReviews(db, A(), {}, page)).toEqual({ rows: [], total: 0 });
    expect(await findReviews(db, A(), { rating: 2 }, page)).toEqual({ rows: [], total: 0 });
    expect(await countReviewsByRating(db, A())).toEqual({ 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 });
    expect(await sumRatings(db, A(), later)).toEqual({ count: 0, sum: 0, countBefore: 0, sumBefore: 0 });

    const as = bearer(a.owner.token);
    const own = await t.app.inject({ url: `/reviews/restaurant/${A()}`, headers: as });
    expect(own.json<TReviewPage>()).toMatchObject({ count: 0, total: 0, items: [], averageRating: null });
    expect((await t.app.inject({ url: `/reviews/restaurant/${B}`, headers: as })).statusCode).toBe(404);
  });
});
