import type { TPayoutAccountSummary, TSettlementAccount } from '@tavolo/contract/wallet';
import { and, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import type { SettlementAccountRow } from '../../db/rows';
import { settlementAccounts, walletTransactions } from '../../db/schema';
import { maskAccountNumber } from './account-number';

export function toSettlementAccount(row: SettlementAccountRow): TSettlementAccount {
  return {
    id: row.id,
    bankName: row.bankName,
    accountName: row.accountName,
    accountNumberMasked: maskAccountNumber(row.accountNumber),
    isDefault: row.isDefault,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The restaurant's default account as the company information shows it, or null. */
export async function findPayoutAccountSummary(
  db: Db,
  restaurantId: string,
): Promise<TPayoutAccountSummary | null> {
  const [row] = await db
    .select({ bankName: settlementAccounts.bankName, accountNumber: settlementAccounts.accountNumber })
    .from(settlementAccounts)
    .where(
      and(
        eq(settlementAccounts.restaurantId, restaurantId),
        eq(settlementAccounts.isDefault, true),
        isNull(settlementAccounts.archivedAt),
      ),
    );
  return row ? { bankName: row.bankName, accountNumberMasked: maskAccountNumber(row.accountNumber) } : null;
}

const live = (restaurantId: string) =>
  and(eq(settlementAccounts.restaurantId, restaurantId), isNull(settlementAccounts.archivedAt));

/** Live accounts: the default first, then the newest. */
export async function findLiveAccounts(db: Db, restaurantId: string): Promise<SettlementAccountRow[]> {
  return db
    .select()
    .from(settlementAccounts)
    .where(live(restaurantId))
    .orderBy(
      desc(settlementAccounts.isDefault),
      desc(settlementAccounts.createdAt),
      desc(settlementAccounts.id),
    );
}

export async function findLiveAccount(
  db: Db,
  restaurantId: string,
  id: string,
): Promise<SettlementAccountRow | undefined> {
  const [row] = await db
    .select()
    .from(settlementAccounts)
    .where(and(live(restaurantId), eq(settlementAccounts.id, id)))
    .for('update');
  return row;
}

/**
 * A live account a payout may go to, share-locked until the payout commits so it cannot be
 * deleted or archived under it.
 */
export async function findLiveAccountForPayout(
  db: Db,
  restaurantId: string,
  id: string,
): Promise<SettlementAccountRow | undefined> {
  const [row] = await db
    .select()
    .from(settlementAccounts)
    .where(and(live(restaurantId), eq(settlementAccounts.id, id)))
    .for('share');
  return row;
}

/**
 * Serialises changes to a restaurant's accounts (which one is the default) with a transaction-scoped
 * advisory lock per restaurant. Not the restaurant's row: publishing an event updates that row while
 * holding an order's and the wallet's locks, and a payout holds its account's lock while it waits for
 * the wallet's, so locking the row here could close a deadlock cycle.
 */
export async function lockAccountsOf(db: Db, restaurantId: string): Promise<void> {
  await db.execute(sql`SELECT pg_advisory_xact_lock(727002, hashtext(${restaurantId}))`);
}

export async function countLiveAccounts(db: Db, restaurantId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(settlementAccounts)
    .where(live(restaurantId));
  return row?.n ?? 0;
}

/** No live account is the default any more (before another becomes it: one default at a time). */
export async function clearDefaultAccount(db: Db, restaurantId: string, exceptId?: string): Promise<void> {
  await db
    .update(settlementAccounts)
    .set({ isDefault: false, updatedAt: new Date() })
    .where(
      and(
        live(restaurantId),
        eq(settlementAccounts.isDefault, true),
        exceptId ? ne(settlementAccounts.id, exceptId) : undefined,
      ),
    );
}

export async function insertAccount(
  db: Db,
  values: typeof settlementAccounts.$inferInsert,
): Promise<SettlementAccountRow> {
  const [row] = await db.insert(settlementAccounts).values(values).returning();
  return row!;
}

export async function updateAccount(
  db: Db,
  restaurantId: string,
  id: string,
  values: PgUpdateSetSource<typeof settlementAccounts>,
): Promise<SettlementAccountRow | undefined> {
  const [row] = await db
    .update(settlementAccounts)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(settlementAccounts.restaurantId, restaurantId), eq(settlementAccounts.id, id)))
    .returning();
  return row;
}

export async function deleteAccount(db: Db, restaurantId: string, id: string): Promise<void> {
  await db
    .delete(settlementAccounts)
    .where(and(eq(settlementAccounts.restaurantId, restaurantId), eq(settlementAccounts.id, id)));
}

/** Whether the ledger points at the account (it received payouts). */
export async function accountHasTransactions(db: Db, restaurantId: string, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: walletTransactions.id })
    .from(walletTransactions)
    .where(
      and(eq(walletTransactions.restaurantId, restaurantId), eq(walletTransactions.settlementAccountId, id)),
    )
    .limit(1);
  return row !== undefined;
}

/** The newest live account, which becomes the default when the default goes. */
export async function findNewestLiveAccount(
  db: Db,
  restaurantId: string,
): Promise<SettlementAccountRow | undefined> {
  const [row] = await db
    .select()
    .from(settlementAccounts)
    .where(live(restaurantId))
    .orderBy(desc(settlementAccounts.createdAt), desc(settlementAccounts.id))
    .limit(1);
  return row;
}
