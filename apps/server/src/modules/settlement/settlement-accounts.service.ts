import type {
  TCreateSettlementAccountRequest,
  TSettlementAccount,
  TSettlementAccountList,
  TUpdateSettlementAccountRequest,
} from '@tavolo/contract/wallet';
import { AppError, notFound } from '../../core/app-error';
import type { StaffContext } from '../../core/context';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../lib/pg-errors';
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
  insertAccount,
  lockAccountsOf,
  toSettlementAccount,
  updateAccount,
} from './settlement-accounts.repository';

/** The contract's schemas normalise these (trimmed names, the number without spaces, upper case). */
type CreateInput = { bankName: string; accountName: string; accountNumber: string; isDefault?: boolean };
type UpdateInput = Partial<CreateInput>;

/**
 * Runs a change to the restaurant's accounts under the restaurant's account lock, so two requests moving the
 * default take turns instead of both tripping the one-default index. Should one still trip it, the
 * caller gets a 409, never a 500.
 */
async function changeAccounts<T>(ctx: StaffContext, work: (tx: Db, restaurantId: string) => Promise<T>) {
  const { restaurantId } = ctx.principal;
  try {
    return await ctx.db.transaction(async (tx) => {
      await lockAccountsOf(tx, restaurantId);
      return work(tx, restaurantId);
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new AppError('CONFLICT', 'Another change to the default account came first; try again');
    }
    throw error;
  }
}

export async function listSettlementAccounts({
  db,
  principal,
}: StaffContext): Promise<TSettlementAccountList> {
  return { items: (await findLiveAccounts(db, principal.restaurantId)).map(toSettlementAccount) };
}

/** Adds an account; the first live one is the default whatever the request says. */
export async function createSettlementAccount(
  ctx: StaffContext,
  input: TCreateSettlementAccountRequest,
): Promise<TSettlementAccount> {
  const request = input as CreateInput;
  return changeAccounts(ctx, async (tx, restaurantId) => {
    const first = (await countLiveAccounts(tx, restaurantId)) === 0;
    const isDefault = first || request.isDefault === true;
    if (isDefault) await clearDefaultAccount(tx, restaurantId);
    const row = await insertAccount(tx, {
      restaurantId,
      bankName: request.bankName,
      accountName: request.accountName,
      accountNumber: request.accountNumber,
      isDefault,
    });
    return toSettlementAccount(row);
  });
}

/** Changes the fields it carries; `isDefault: true` makes it the default, false on the default is refused. */
export async function changeSettlementAccount(
  ctx: StaffContext,
  input: { id: string; changes: TUpdateSettlementAccountRequest },
): Promise<TSettlementAccount> {
  const changes = input.changes as UpdateInput;
  return changeAccounts(ctx, async (tx, restaurantId) => {
    const account = await findLiveAccount(tx, restaurantId, input.id);
    if (!account) throw notFound('Settlement account');
    if (changes.isDefault === false && account.isDefault) {
      throw new AppError('UNPROCESSABLE', 'An account stops being the default when another becomes it', {
        isDefault: 'make another account the default instead',
      });
    }
    const makeDefault = changes.isDefault === true && !account.isDefault;
    if (makeDefault) await clearDefaultAccount(tx, restaurantId, account.id);
    const values = {
      bankName: changes.bankName,
      accountName: changes.accountName,
      accountNumber: changes.accountNumber,
      ...(makeDefault ? { isDefault: true } : {}),
    };
    const row = await updateAccount(tx, restaurantId, account.id, values);
    return toSettlementAccount(row!);
  });
}

/**
 * Removes an account: one the ledger points at (it received payouts) is archived, any other is
 * deleted. When the default goes, the newest remaining live account becomes the default.
 */
export async function removeSettlementAccount(ctx: StaffContext, input: { id: string }): Promise<void> {
  await changeAccounts(ctx, async (tx, restaurantId) => {
    const account = await findLiveAccount(tx, restaurantId, input.id);
    if (!account) throw notFound('Settlement account');
    if (await accountHasTransactions(tx, restaurantId, account.id)) {
      await updateAccount(tx, restaurantId, account.id, { archivedAt: new Date(), isDefault: false });
    } else {
      await deleteAccount(tx, restaurantId, account.id);
    }
    if (account.isDefault) {
      const next = await findNewestLiveAccount(tx, restaurantId);
      if (next) await updateAccount(tx, restaurantId, next.id, { isDefault: true });
    }
  });
}

// ---- what other modules read of the accounts ---------------------------------------------------------

/** The default account as the dashboard's company info shows it (masked), or null. */
export function findCompanyPayoutAccount(db: Db, restaurantId: string) {
  return findPayoutAccountSummary(db, restaurantId);
}

/** A live account a payout may go to, share-locked until the payout commits. */
export function holdPayoutAccount(db: Db, restaurantId: string, id: string) {
  return findLiveAccountForPayout(db, restaurantId, id);
}
