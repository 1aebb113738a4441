import type { ReactNode } from 'react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { SearchIcon, WalletIcon } from '../../../components/ui/icons';
import { PageHeader } from '../../../components/ui/page-header';
import { Pagination } from '../../../components/ui/pagination';
import { QueryError } from '../../../components/ui/query-error';
import { SelectField } from '../../../components/ui/select-field';
import { useCan, useCurrentSession } from '../../../lib/current-session';
import { t } from '../../../lib/i18n/i18n';
import { pageWindowOf } from '../../../lib/page-window';
import { useWallet } from '../api/get-wallet';
import { PayoutDialog } from '../components/payout-dialog';
import { SettlementAreaTabs } from '../components/settlement-area-tabs';
import { WalletBalanceCard } from '../components/wallet-balance-card';
import { WalletTransactionList, WalletTransactionsSkeleton } from '../components/wallet-transaction-list';
import {
  kindFilterOptions,
  readWalletFilters,
  type WalletFilters,
  writeWalletFilters,
} from '../model/wallet-transactions';

const PAGE_SIZE = 20;

/** The wallet: its balance, its ledger (newest first, by kind), and payouts to the bank. */
export function SettlementScreen() {
  const { restaurant } = useCurrentSession();
  const canWithdraw = useCan('wallet.withdraw');
  const [params, setParams] = useSearchParams();
  const filters = readWalletFilters(params);
  const setFilters = (change: { kind?: WalletFilters['kind']; page?: number | undefined }) =>
    setParams((current) => writeWalletFilters(current, change), { replace: change.page === undefined });
  const wallet = useWallet({
    page: filters.page,
    pageSize: PAGE_SIZE,
    ...(filters.kind ? { kind: filters.kind } : {}),
  });
  const [payoutOpen, setPayoutOpen] = useState(false);

  const data = wallet.data;
  const currency = data?.currency ?? restaurant.currency;
  const { pageCount } = pageWindowOf(data);

  let content: ReactNode;
  if (wallet.isPending) {
    content = <WalletTransactionsSkeleton />;
  } else if (wallet.isError && !data) {
    content = (
      <QueryError
        title={t('settlement.wallet.loadError')}
        error={wallet.error}
        retrying={wallet.isFetching}
        onRetry={() => void wallet.refetch()}
      />
    );
  } else if (data && data.items.length === 0) {
    content =
      data.total > 0 ? (
        <EmptyState
          icon={<SearchIcon />}
          title={t('settlement.wallet.emptyPage')}
          description={t('settlement.wallet.emptyPageDescription', { count: data.total })}
          action={
            <Button variant="secondary" onClick={() => setFilters({ page: 1 })}>
              {t('settlement.wallet.firstPage')}
            </Button>
          }
        />
      ) : filters.kind ? (
        <EmptyState
          icon={<SearchIcon />}
          title={t('settlement.wallet.noneOfKind', { kind: filters.kind })}
          description={t('settlement.wallet.noneOfKindDescription')}
          action={
            <Button variant="secondary" onClick={() => setFilters({ kind: '', page: undefined })}>
              {t('settlement.wallet.showAll')}
            </Button>
          }
        />
      ) : (
        <EmptyState
          icon={<WalletIcon />}
          title={t('settlement.wallet.emptyTitle')}
          description={t('settlement.wallet.emptyDescription')}
        />
      );
  } else if (data) {
    content = (
      <div className="flex flex-col gap-4">
        {wallet.isError ? (
          <QueryError
            title={t('settlement.wallet.refreshError')}
            error={wallet.error}
            retrying={wallet.isFetching}
            onRetry={() => void wallet.refetch()}
          />
        ) : null}
        <WalletTransactionList
          transactions={data.items}
          currency={currency}
          timezone={restaurant.timezone}
          busy={wallet.isPlaceholderData}
        />
        <Pagination
          label={t('settlement.wallet.pages')}
          page={data.page}
          pageCount={pageCount}
          onPageChange={(page) => {
            setFilters({ page });
            window.scrollTo({ top: 0 });
          }}
        />
      </div>
    );
  }

  return (
    <>
      <PageHeader title={t('settlement.wallet.title')} description={t('settlement.wallet.description')} />
      <SettlementAreaTabs />
      <div className="flex flex-col gap-6">
        <WalletBalanceCard
          // The balance is the whole wallet's, whatever page or kind the list shows.
          balanceMinor={data?.balanceMinor}
          currency={currency}
          canWithdraw={canWithdraw}
          onRequestPayout={() => setPayoutOpen(true)}
        />
        <section aria-labelledby="transactions-heading" className="flex flex-col gap-4">
          <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
            <div className="flex flex-col gap-1">
              <h2 id="transactions-heading" className="text-lg font-semibold text-ink">
                {t('settlement.wallet.transactions')}
              </h2>
              <p className="text-sm text-ink-muted" aria-live="polite" data-testid="wallet-count">
                {data
                  ? data.total === 0
                    ? t('settlement.wallet.countNone')
                    : pageCount > 1
                      ? t('settlement.wallet.countPaged', {
                          count: data.total,
                          page: data.page,
                          pages: pageCount,
                        })
                      : t('settlement.wallet.count', { count: data.total })
                  : '\u00a0'}
              </p>
            </div>
            <SelectField
              label={t('settlement.wallet.kindFilter')}
              className="sm:w-56"
              options={kindFilterOptions()}
              value={filters.kind}
              onChange={(event) =>
                setFilters({ kind: event.target.value as WalletFilters['kind'], page: undefined })
              }
            />
          </div>
          {content}
        </section>
      </div>
      {canWithdraw && data ? (
        <PayoutDialog
          open={payoutOpen}
          onClose={() => setPayoutOpen(false)}
          balanceMinor={data.balanceMinor}
          currency={currency}
        />
      ) : null}
    </>
  );
}
