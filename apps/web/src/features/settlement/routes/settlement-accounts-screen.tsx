import type { TSettlementAccount } from '@tavolo/contract/wallet';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { buttonClassName } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { PlusIcon, WalletIcon } from '../../../components/ui/icons';
import { PageHeader } from '../../../components/ui/page-header';
import { QueryError } from '../../../components/ui/query-error';
import { Loading } from '../../../components/ui/spinner';
import { useToast } from '../../../components/ui/toast';
import { getErrorMessage } from '../../../lib/api-client';
import { useSettlementAccounts } from '../api/get-settlement-accounts';
import { useMakeDefaultAccount } from '../api/make-default-account';
import { RemoveAccountDialog } from '../components/remove-account-dialog';
import { SettlementAccountRow } from '../components/settlement-account-row';
import { SettlementAreaTabs } from '../components/settlement-area-tabs';
import { accountLabel } from '../model/payout-amount';

const addLink = (
  <Link to="/dashboard/settlement/accounts/add-account" className={buttonClassName('primary')}>
    <PlusIcon />
    Add account
  </Link>
);

/** The bank accounts payouts go to; the default one is the company information's. */
export function SettlementAccountsScreen() {
  const toast = useToast();
  const accounts = useSettlementAccounts();
  const makeDefault = useMakeDefaultAccount();
  const [toRemove, setToRemove] = useState<TSettlementAccount | null>(null);

  const onMakeDefault = (account: TSettlementAccount) =>
    makeDefault.mutate(account.id, {
      onSuccess: () => toast.success(`Payouts now go to ${accountLabel(account)} by default.`),
      onError: (error) =>
        toast.error(`${accountLabel(account)} was not made the default: ${getErrorMessage(error)}`),
    });

  let content: ReactNode;
  if (accounts.isPending) {
    content = <Loading />;
  } else if (accounts.isError && !accounts.data) {
    content = (
      <QueryError
        title="Could not load the settlement accounts"
        error={accounts.error}
        retrying={accounts.isFetching}
        onRetry={() => void accounts.refetch()}
      />
    );
  } else if (accounts.data.length === 0) {
    content = (
      <EmptyState
        icon={<WalletIcon />}
        title="No settlement account yet"
        description="Add the bank account your payouts go to. The first one becomes the default, and your company information shows it."
        action={addLink}
      />
    );
  } else {
    content = (
      <Card padding="none">
        <ul aria-label="Settlement accounts" className="divide-y divide-line">
          {accounts.data.map((account) => (
            <SettlementAccountRow
              key={account.id}
              account={account}
              makingDefault={makeDefault.isPending && makeDefault.variables === account.id}
              onMakeDefault={onMakeDefault}
              onRemove={setToRemove}
            />
          ))}
        </ul>
      </Card>
    );
  }

  return (
    <>
      <PageHeader
        title="Settlement accounts"
        description="The bank accounts payouts go to. Numbers show only their last 4 characters."
        actions={addLink}
      />
      <SettlementAreaTabs />
      {content}
      <RemoveAccountDialog account={toRemove} onClose={() => setToRemove(null)} />
    </>
  );
}
