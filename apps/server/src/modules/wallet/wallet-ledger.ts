import type { TWalletTransaction, TWalletTransactionKind } from '@tavolo/contract/wallet';
import { sql } from 'drizzle-orm';
import { AppError } from '../../core/app-error';
import type { Db } from '../../db/client';
import type { WalletTransactionRow } from '../../db/rows';
import { wallets, walletTransactions } from '../../db/schema';

export type WalletEntry = {
  type: 'credit' | 'debit';
  kind: TWalletTransactionKind;
  /** Above zero; `type` gives the direction. */
  amountMinor: number;
  description: string;
  reference?: string | null;
  paymentId?: string | null;
  settlementAccountId?: string | null;
};

export const insufficientFunds = (balanceMinor: number) =>
  new AppError('INSUFFICIENT_FUNDS', 'The wallet does not hold enough for this', {
    amountMinor: `must be at most ${balanceMinor}, the wallet's balance`,
  });

/**
 * Writes one ledger entry and moves the balance with it, inside the caller's transaction. The
 * balance moves in one conditional UPDATE, which takes the wallet's row lock: concurrent entries
 * queue behind it and each sees the balance the one before left, so a debit the balance cannot
 * cover fails with INSUFFICIENT_FUNDS instead of going below zero.
 */
export async function appendToWallet(
  tx: Db,
  restaurantId: string,
  entry: WalletEntry,
): Promise<WalletTransactionRow> {
  const delta = entry.type === 'credit' ? entry.amountMinor : -entry.amountMinor;
  await tx.insert(wallets).values({ restaurantId }).onConflictDoNothing();
  const moved = await tx
    .update(wallets)
    .set({ balanceMinor: sql`${wallets.balanceMinor} + ${delta}`, updatedAt: new Date() })
    .where(sql`${wallets.restaurantId} = ${restaurantId} AND ${wallets.balanceMinor} + ${delta} >= 0`)
    .returning({ balanceMinor: wallets.balanceMinor });
  if (moved.length === 0) throw insufficientFunds(await walletBalance(tx, restaurantId));
  const [row] = await tx
    .insert(walletTransactions)
    .values({
      restaurantId,
      type: entry.type,
      kind: entry.kind,
      amountMinor: entry.amountMinor,
      balanceAfterMinor: moved[0]!.balanceMinor,
      description: entry.description,
      reference: entry.reference ?? null,
      paymentId: entry.paymentId ?? null,
      settlementAccountId: entry.settlementAccountId ?? null,
      // The time the wallet's lock was held, not the transaction's start: entries queued behind
      // the lock are then dated in the order they moved the balance, so lists and running balances agree.
      createdAt: sql`clock_timestamp()`,
    })
    .returning();
  return row!;
}

export async function walletBalance(db: Db, restaurantId: string): Promise<number> {
  const [row] = await db
    .select({ balanceMinor: wallets.balanceMinor })
    .from(wallets)
    .where(sql`${wallets.restaurantId} = ${restaurantId}`);
  return row?.balanceMinor ?? 0;
}

export function toWalletTransaction(row: WalletTransactionRow): TWalletTransaction {
  return {
    id: row.id,
    type: row.type,
    kind: row.kind,
    amountMinor: row.amountMinor,
    balanceAfterMinor: row.balanceAfterMinor,
    reference: row.reference,
    description: row.description,
    paymentId: row.paymentId,
    settlementAccountId: row.settlementAccountId,
    createdAt: row.createdAt.toISOString(),
  };
}
