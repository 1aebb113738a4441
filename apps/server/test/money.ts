import { ordersEndpoints } from '@tavolo/contract/orders';
import { settlementAccountsEndpoints } from '@tavolo/contract/wallet';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { type Db, queryRows } from '../src/db/client';
import { orders, payments } from '../src/db/schema';
import { appendToWallet } from '../src/modules/wallet/wallet-ledger';
import { callApi, type SeededRestaurant } from './helpers';

/** A staff order at the seeded restaurant's first table: `quantity` of its first dish. */
export function placeStaffOrder(app: FastifyInstance, seeded: SeededRestaurant, quantity = 1) {
  return callApi(app, seeded.owner.token, ordersEndpoints.placeOrder, {
    body: { tableId: seeded.tables[0]!.id, items: [{ menuItemId: seeded.items[0]!.id, quantity }] },
  });
}

export function recordCash(app: FastifyInstance, token: string, orderId: string, amountMinor: number) {
  return callApi(app, token, ordersEndpoints.recordPayment, {
    params: { id: orderId },
    body: { method: 'cash', amountMinor },
  });
}

/**
 * An online payment as the online-payments module (another branch) will leave it: succeeded, the
 * order's paid money raised, and the wallet credited with the amount then debited the fee.
 */
export async function insertOnlinePayment(
  db: Db,
  restaurantId: string,
  orderId: string,
  amountMinor: number,
  feeMinor = 0,
): Promise<string> {
  return db.transaction(async (tx) => {
    const [payment] = await tx
      .insert(payments)
      .values({
        restaurantId,
        orderId,
        amountMinor,
        feeMinor,
        method: 'online',
        status: 'succeeded',
        provider: 'sandbox',
        reference: `sbx_${Math.random().toString(36).slice(2)}`,
        succeededAt: new Date(),
      })
      .returning();
    await tx
      .update(orders)
      .set({ paidMinor: sql`${orders.paidMinor} + ${amountMinor}` })
      .where(eq(orders.id, orderId));
    await appendToWallet(tx, restaurantId, {
      type: 'credit',
      kind: 'payment',
      amountMinor,
      description: 'Online payment',
      paymentId: payment!.id,
    });
    if (feeMinor > 0) {
      await appendToWallet(tx, restaurantId, {
        type: 'debit',
        kind: 'fee',
        amountMinor: feeMinor,
        description: 'Provider fee',
        paymentId: payment!.id,
      });
    }
    return payment!.id;
  });
}

/** Credits the wallet directly, as an online payment would. */
export function creditWallet(db: Db, restaurantId: string, amountMinor: number) {
  return db.transaction((tx) =>
    appendToWallet(tx, restaurantId, {
      type: 'credit',
      kind: 'payment',
      amountMinor,
      description: 'Online payment',
    }),
  );
}

export function createAccount(
  app: FastifyInstance,
  token: string,
  body: { bankName?: string; accountName?: string; accountNumber?: string; isDefault?: boolean } = {},
) {
  return callApi(app, token, settlementAccountsEndpoints.createSettlementAccount, {
    body: {
      bankName: 'Banca Uno',
      accountName: 'Trattoria Uno Srl',
      accountNumber: 'IT60 X054 2811 1010 0000 0123 456',
      ...body,
    },
  });
}

/** The wallet's ledger in the order it moved, and its sum (credits minus debits). */
export async function ledgerOf(db: Db, restaurantId: string) {
  const rows = await db.execute(
    sql`SELECT type, amount_minor, balance_after_minor FROM wallet_transactions
        WHERE restaurant_id = ${restaurantId} ORDER BY created_at, id`,
  );
  const entries = (rows as unknown as { rows: Record<string, unknown>[] }).rows.map((r) => ({
    type: r.type as 'credit' | 'debit',
    amountMinor: Number(r.amount_minor),
    balanceAfterMinor: Number(r.balance_after_minor),
  }));
  const sum = entries.reduce((s, e) => s + (e.type === 'credit' ? e.amountMinor : -e.amountMinor), 0);
  const wallet = await db.execute(
    sql`SELECT balance_minor FROM wallets WHERE restaurant_id = ${restaurantId}`,
  );
  const balanceRow = (wallet as unknown as { rows: { balance_minor: unknown }[] }).rows[0];
  return { entries, sum, balanceMinor: balanceRow ? Number(balanceRow.balance_minor) : 0 };
}

/**
 * The open bills' figures the triggers keep (migration 0020) against each table's orders summed
 * afresh: an afterEach of every suite that moves bills, so no path drifts them unseen.
 */
export async function expectOpenBillsAsCounted(db: Db): Promise<void> {
  const drifted = await queryRows(
    db,
    sql`SELECT b.table_id, b.total_minor::int AS kept_total, b.paid_minor::int AS kept_paid,
          s.total::int AS total, s.paid::int AS paid
        FROM table_open_bills b CROSS JOIN LATERAL (
          SELECT coalesce(sum(o.total_minor), 0) AS total, coalesce(sum(o.paid_minor), 0) AS paid
          FROM orders o WHERE o.table_id = b.table_id AND o.visit_id IS NULL AND o.status <> 'cancelled'
        ) s
        WHERE (b.total_minor, b.paid_minor) IS DISTINCT FROM (s.total, s.paid)`,
  );
  expect(drifted).toEqual([]);
}
