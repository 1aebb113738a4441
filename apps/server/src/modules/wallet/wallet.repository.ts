import type { TWalletTransactionKind } from '@tavolo/contract/wallet';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { WalletTransactionRow } from '../../db/rows';
import { walletTransactions } from '../../db/schema';

/** The wallet's ledger, newest first; `limit`/`offset` page through. */
export async function findWalletTransactions(
  db: Db,
  restaurantId: string,
  filters: { kind?: TWalletTransactionKind },
  page: { limit: number; offset: number },
): Promise<{ rows: WalletTransactionRow[]; total: number }> {
  const where: SQL | undefined = and(
    eq(walletTransactions.restaurantId, restaurantId),
    filters.kind ? eq(walletTransactions.kind, filters.kind) : undefined,
  );
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(walletTransactions)
      .where(where)
      .orderBy(desc(walletTransactions.createdAt), desc(walletTransactions.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(walletTransactions).where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}
