import { randomUUID } from 'node:crypto';
import type { TCreatedOrder } from '@tavolo/contract/orders';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callApi,
  createTestApp,
  type SeededRestaurant,
  seedRestaurant,
  type TestApp,
} from '../../test/helpers';
import type { Db } from '../db/client';
import { paymentRefunds, payments, uploads, wallets, walletTransactions } from '../db/schema';
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
import {
  findMenuItemsByIds,
  findOrder,
  findOrders,
  lockOrder,
  updateOrder,
} from './orders/orders.repository';
import {
  countOpenOrdersAtTable,
  deleteTable,
  findActiveTableWithRestaurant,
  findTable,
  findTables,
  updateTable,
} from './tables/tables.repository';
import { findUploadData, setUploadData } from './uploads/uploads.repository';

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

beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
  a = await seedRestaurant(t.app);
  b = await seedRestaurant(t.app);
  bOrder = await callApi<TCreatedOrder>(t.app, b.owner.token, 'POST', '/api/orders', {
    tableId: b.tables[0]!.id,
    items: [{ menuItemId: b.items[0]!.id, quantity: 1 }],
  });
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
    expect((await findMenuItemsByIds(db, A(), [item])).size).toBe(0);
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

    // Restaurant B's rows are as they were.
    const B = b.owner.restaurantId;
    expect(await findCategory(db, B, b.category.id)).toMatchObject({ name: b.category.name, position: 0 });
    expect(await findMenuItem(db, B, b.items[0]!.id)).toMatchObject({ name: b.items[0]!.name });
    expect(await findTable(db, B, b.tables[0]!.id)).toMatchObject({ label: null });
    expect(await findOrder(db, B, bOrder.id)).toMatchObject({ note: null, version: 1 });
    expect(await findUploadData(db, B, image.storageKey)).toBeUndefined();
  });
});

describe('dashboard figures scoped by restaurant', () => {
  it("never count another restaurant's orders, payments, refunds, wallet or dishes", async () => {
    // Restaurant B: its order (placed above), a payment received and partly refunded, a wallet.
    const B = b.owner.restaurantId;
    const [payment] = await db
      .insert(payments)
      .values({
        restaurantId: B,
        orderId: bOrder.id,
        amountMinor: 900,
        method: 'cash',
        status: 'succeeded',
        succeededAt: new Date(),
      })
      .returning();
    await db
      .insert(paymentRefunds)
      .values({ restaurantId: B, paymentId: payment!.id, orderId: bOrder.id, amountMinor: 100 });
    await db.insert(wallets).values({ restaurantId: B, balanceMinor: 500 });
    await db.insert(walletTransactions).values({
      restaurantId: B,
      type: 'credit',
      kind: 'adjustment',
      amountMinor: 500,
      balanceAfterMinor: 500,
      description: 'B only',
    });

    const day = 24 * 60 * 60 * 1000;
    const around = { starts: new Date(Date.now() - day), ends: new Date(Date.now() + day) };
    // The same calls for B see its rows, so the zeros below are A's, not an empty range's.
    expect(await sumRevenue(db, B, [around])).toEqual([800]);
    expect(await summarizeOrders(db, B, [around])).toEqual([{ count: 1, totalMinor: bOrder.totalMinor }]);

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
