import { WALLET_TRANSACTION_KINDS } from '@tavolo/contract/values/wallet';
import type { TWalletTransaction, TWalletTransactionKind } from '@tavolo/contract/wallet';
import { formatMoney } from '../../../lib/format';
import { t } from '../../../lib/i18n/i18n';

/** A transaction's kind in words: the badge on its row. */
export function kindLabel(kind: TWalletTransactionKind): string {
  switch (kind) {
    case 'payment':
      return t('settlement.kind.payment');
    case 'tip':
      return t('settlement.kind.tip');
    case 'fee':
      return t('settlement.kind.fee');
    case 'payout':
      return t('settlement.kind.payout');
    case 'refund':
      return t('settlement.kind.refund');
    case 'adjustment':
      return t('settlement.kind.adjustment');
  }
}

/** The same kinds in the plural: the filter's choices. */
function kindPluralLabel(kind: TWalletTransactionKind): string {
  switch (kind) {
    case 'payment':
      return t('settlement.kind.payments');
    case 'tip':
      return t('settlement.kind.tips');
    case 'fee':
      return t('settlement.kind.fees');
    case 'payout':
      return t('settlement.kind.payouts');
    case 'refund':
      return t('settlement.kind.refunds');
    case 'adjustment':
      return t('settlement.kind.adjustments');
  }
}

/** The kind filter's choices: every kind, or one of them. */
export function kindFilterOptions(): { value: TWalletTransactionKind | ''; label: string }[] {
  return [
    { value: '', label: t('settlement.kind.all') },
    ...WALLET_TRANSACTION_KINDS.map((kind) => ({ value: kind, label: kindPluralLabel(kind) })),
  ];
}

export interface TransactionDisplay {
  /** "+€10.00" for money in, "−€2.50" (a true minus sign) for money out. */
  amount: string;
  /** The same in words, for screen readers, which may skip a lone sign. */
  amountLabel: string;
  direction: 'credit' | 'debit';
  /** The running balance right after this transaction. */
  balanceAfter: string;
  kindLabel: string;
}

/** How one row of the ledger reads: a signed amount and the running balance after it. */
export function describeTransaction(
  transaction: Pick<TWalletTransaction, 'type' | 'kind' | 'amountMinor' | 'balanceAfterMinor'>,
  currency: string,
  locale?: string,
): TransactionDisplay {
  // The contract keeps amounts positive and says the direction in `type`; Math.abs guards the sign.
  const money = formatMoney(Math.abs(transaction.amountMinor), currency, locale);
  const credit = transaction.type === 'credit';
  return {
    amount: `${credit ? '+' : '\u2212'}${money}`,
    amountLabel: credit
      ? t('settlement.transactions.moneyIn', { amount: money })
      : t('settlement.transactions.moneyOut', { amount: money }),
    direction: credit ? 'credit' : 'debit',
    balanceAfter: formatMoney(transaction.balanceAfterMinor, currency, locale),
    kindLabel: kindLabel(transaction.kind),
  };
}

export interface WalletFilters {
  kind: TWalletTransactionKind | '';
  page: number;
}

function isKind(value: string | null): value is TWalletTransactionKind {
  return (WALLET_TRANSACTION_KINDS as readonly string[]).includes(value ?? '');
}

/** The filters live in the URL (?kind=payout&page=2), so a reload or a shared link keeps them. */
export function readWalletFilters(params: URLSearchParams): WalletFilters {
  const kind = params.get('kind');
  const page = Number(params.get('page'));
  return {
    kind: isKind(kind) ? kind : '',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** A changed filter; `page: undefined` goes back to the first page (left out of the URL). */
export function writeWalletFilters(
  current: URLSearchParams,
  change: { kind?: WalletFilters['kind']; page?: number | undefined },
): URLSearchParams {
  const next = new URLSearchParams(current);
  if ('kind' in change) {
    if (change.kind) next.set('kind', change.kind);
    else next.delete('kind');
  }
  if ('page' in change) {
    if (change.page && change.page > 1) next.set('page', String(change.page));
    else next.delete('page');
  }
  return next;
}
