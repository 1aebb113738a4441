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
import { useWallet } from '../api/get-wallet';
import { PayoutDialog } from '../components/payout-dialog';
import { SettlementAreaTabs } from '../components/settlement-area-tabs';
import { WalletBalanceCard } from '../components/wallet-balance-card';
import { WalletTransactionList, WalletTransactionsSkeleton } from '../components/wallet-transaction-list';
import {
  KIND_FILTER_OPTIONS,
  KIND_LABELS,
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
  const pageCount = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  let content: ReactNode;
  if (wallet.isPending) {
    content = <WalletTransactionsSkeleton />;
  } else if (wallet.isError && !data) {
    content = (
      <QueryError
        title="Could not load the wallet"
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
          title="This page is empty"
          description={`There are ${data.total} transactions, on fewer pages.`}
          action={
            <Button variant="secondary" onClick={() => setFilters({ page: 1 })}>
              Go to the first page
            </Button>
          }
        />
      ) : filters.kind ? (
        <EmptyState
          icon={<SearchIcon />}
          title={`No ${KIND_LABELS[filters.kind].toLowerCase()} transactions`}
          description="Show every kind to see the whole ledger."
          action={
            <Button variant="secondary" onClick={() => setFilters({ kind: '', page: undefined })}>
              Show all transactions
            </Button>
          }
        />
      ) : (
        <EmptyState
          icon={<WalletIcon />}
          title="No transactions yet"
          description="Online payments will credit your wallet here, less the provider's fee. Payouts to your bank account show here too."
        />
      );
  } else if (data) {
    content = (
      <div className="flex flex-col gap-4">
        {wallet.isError ? (
          <QueryError
            title="Could not load the latest transactions"
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
          label="Transaction pages"
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
      <PageHeader
        title="Settlement"
        description="Your wallet: what online payments brought in, and payouts to your bank."
      />
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
                Transactions
              </h2>
              <p className="text-sm text-ink-muted" aria-live="polite" data-testid="wallet-count">
                {data
                  ? data.total === 0
                    ? 'None yet'
                    : `${data.total} ${data.total === 1 ? 'transaction' : 'transactions'}, newest first${pageCount > 1 ? ` · page ${data.page} of ${pageCount}` : ''}`
                  : '\u00a0'}
              </p>
            </div>
            <SelectField
              label="Show"
              className="sm:w-56"
              options={KIND_FILTER_OPTIONS}
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
