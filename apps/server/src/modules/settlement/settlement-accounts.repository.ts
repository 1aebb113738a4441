import type { TPayoutAccountSummary, TSettlementAccount } from '@tavolo/contract/wallet';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { settlementAccounts } from '../../db/schema';

export type SettlementAccountRow = typeof settlementAccounts.$inferSelect;

/** Lists and the company information show an account number's last 4 characters only. */
export function maskAccountNumber(accountNumber: string): string {
  return `•••• ${accountNumber.slice(-4)}`;
}

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
