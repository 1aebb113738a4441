import type { TPayoutRequest, TWalletPage, TWalletQuery, TWalletTransaction } from '@tavolo/contract/wallet';
import { AppError } from '../../core/app-error';
import type { StaffContext } from '../../core/context';
import { findSessionRestaurant } from '../restaurants/restaurants.service';
import { maskAccountNumber } from '../settlement/account-number';
import { holdPayoutAccount } from '../settlement/settlement-accounts.service';
import { findWalletTransactions } from './wallet.repository';
import { appendToWallet, toWalletTransaction, walletBalance } from './wallet-ledger';

export async function listWalletTransactions(ctx: StaffContext, query: TWalletQuery): Promise<TWalletPage> {
  const { db, principal } = ctx;
  const [restaurant, balanceMinor, { rows, total }] = await Promise.all([
    findSessionRestaurant(ctx),
    walletBalance(db, principal.restaurantId),
    findWalletTransactions(
      db,
      principal.restaurantId,
      { kind: query.kind },
      { limit: query.pageSize, offset: (query.page - 1) * query.pageSize },
    ),
  ]);
  return {
    balanceMinor,
    currency: restaurant.currency,
    items: rows.map(toWalletTransaction),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/**
 * Pays out from the wallet to one of the restaurant's live settlement accounts. The ledger takes the
 * wallet's lock and refuses what the balance cannot cover (409 INSUFFICIENT_FUNDS), also when payouts
 * race; the account is share-locked so it cannot be deleted under the payout.
 */
export async function requestPayout(
  ctx: StaffContext,
  input: { payout: TPayoutRequest },
): Promise<TWalletTransaction> {
  const { db, principal } = ctx;
  const { payout } = input;
  const { restaurantId } = principal;
  const account = await holdPayoutAccount(db, restaurantId, payout.settlementAccountId);
  if (!account) {
    throw new AppError('UNPROCESSABLE', 'There is no such settlement account in this restaurant', {
      settlementAccountId: 'is not a settlement account of this restaurant',
    });
  }
  const row = await appendToWallet(db, restaurantId, {
    type: 'debit',
    kind: 'payout',
    amountMinor: payout.amountMinor,
    description: `Payout to ${account.bankName} ${maskAccountNumber(account.accountNumber)}`,
    settlementAccountId: account.id,
  });
  return toWalletTransaction(row);
}
