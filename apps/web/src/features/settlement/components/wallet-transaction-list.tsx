import type { TWalletTransaction } from '@tavolo/contract/wallet';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Card } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';
import { formatDateTime } from '../../../lib/format';
import { t } from '../../../lib/i18n/i18n';
import { describeTransaction } from '../model/wallet-transactions';

const KIND_TONES: Record<TWalletTransaction['kind'], BadgeTone> = {
  payment: 'success',
  tip: 'success',
  fee: 'neutral',
  payout: 'accent',
  refund: 'warning',
  adjustment: 'neutral',
};

const COLUMNS = 'md:grid-cols-[10rem_9rem_minmax(0,1fr)_8rem_8rem]';

/** The ledger, newest first: when, what, how much (signed) and the balance right after. */
export function WalletTransactionList({
  transactions,
  currency,
  timezone,
  busy,
}: {
  transactions: readonly TWalletTransaction[];
  currency: string;
  timezone: string;
  busy: boolean;
}) {
  return (
    <Card
      padding="none"
      aria-busy={busy || undefined}
      className={cn('transition-opacity', busy && 'opacity-60')}
    >
      <div
        aria-hidden="true"
        className={cn(
          'hidden gap-3 border-b border-line px-4 py-2 text-xs font-medium tracking-wide text-ink-muted uppercase md:grid',
          COLUMNS,
        )}
      >
        <span>{t('settlement.transactions.date')}</span>
        <span>{t('settlement.transactions.kind')}</span>
        <span>{t('settlement.transactions.description')}</span>
        <span className="text-right">{t('settlement.transactions.amount')}</span>
        <span className="text-right">{t('settlement.transactions.balance')}</span>
      </div>
      <ul aria-label={t('settlement.transactions.listLabel')} className="divide-y divide-line">
        {transactions.map((transaction) => {
          const display = describeTransaction(transaction, currency);
          return (
            <li
              key={transaction.id}
              data-testid="wallet-transaction"
              className={cn(
                'grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3 gap-y-1 px-4 py-3',
                COLUMNS,
              )}
            >
              <span className="text-sm text-ink-muted tabular-nums md:order-none">
                <time dateTime={transaction.createdAt}>
                  {formatDateTime(transaction.createdAt, timezone)}
                </time>
              </span>
              <span className="justify-self-end md:justify-self-start">
                <Badge tone={KIND_TONES[transaction.kind]}>{display.kindLabel}</Badge>
              </span>
              <span className="min-w-0 text-sm break-words text-ink">
                {transaction.description}
                {transaction.reference ? (
                  <span className="block text-xs text-ink-muted">
                    {t('settlement.transactions.reference', { reference: transaction.reference })}
                  </span>
                ) : null}
              </span>
              <span
                className={cn(
                  'text-right text-base font-semibold tabular-nums',
                  display.direction === 'credit' ? 'text-green-700' : 'text-ink',
                )}
                data-testid="transaction-amount"
              >
                <span aria-hidden="true">{display.amount}</span>
                <span className="sr-only">{display.amountLabel}</span>
              </span>
              <span
                className="col-span-2 text-right text-sm text-ink-muted tabular-nums md:col-span-1"
                data-testid="transaction-balance"
              >
                <span className="md:sr-only">{t('settlement.transactions.balanceAfter')} </span>
                {display.balanceAfter}
              </span>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}

/** Placeholder rows while the first page loads: the layout does not jump when it arrives. */
export function WalletTransactionsSkeleton() {
  return (
    <Card padding="none" data-testid="wallet-skeleton">
      <div role="status" className="sr-only">
        {t('settlement.transactions.loading')}
      </div>
      <ul aria-hidden="true" className="divide-y divide-line">
        {[0, 1, 2, 3, 4].map((row) => (
          <li key={row} className="flex items-center gap-3 px-4 py-4">
            <div className="h-4 w-28 animate-pulse rounded bg-slate-200 motion-reduce:animate-none" />
            <div className="h-4 w-20 animate-pulse rounded-full bg-slate-200 motion-reduce:animate-none" />
            <div className="h-4 flex-1 animate-pulse rounded bg-slate-100 motion-reduce:animate-none" />
            <div className="h-4 w-16 animate-pulse rounded bg-slate-200 motion-reduce:animate-none" />
          </li>
        ))}
      </ul>
    </Card>
  );
}
