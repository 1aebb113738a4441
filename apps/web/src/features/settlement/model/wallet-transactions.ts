import { WALLET_TRANSACTION_KINDS } from '@tavolo/contract/values/wallet';
import type { TWalletTransaction, TWalletTransactionKind } from '@tavolo/contract/wallet';
import { formatMoney } from '../../../lib/format';

export const KIND_LABELS: Record<TWalletTransactionKind, string> = {
  payment: 'Online payment',
  tip: 'Tip',
  fee: 'Provider fee',
  payout: 'Payout',
  refund: 'Refund',
  adjustment: 'Adjustment',
};

/** The kind filter's choices: every kind, or one of them. */
export const KIND_FILTER_OPTIONS = [
  { value: '', label: 'All transactions' },
  ...WALLET_TRANSACTION_KINDS.map((kind) => ({ value: kind, label: `${KIND_LABELS[kind]}s` })),
];

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
    amountLabel: `${credit ? 'In' : 'Out'}: ${money}`,
    direction: credit ? 'credit' : 'debit',
    balanceAfter: formatMoney(transaction.balanceAfterMinor, currency, locale),
    kindLabel: KIND_LABELS[transaction.kind],
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
