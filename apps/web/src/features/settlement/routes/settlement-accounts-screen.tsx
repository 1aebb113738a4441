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
import { t } from '../../../lib/i18n/i18n';
import { useSettlementAccounts } from '../api/get-settlement-accounts';
import { useMakeDefaultAccount } from '../api/make-default-account';
import { RemoveAccountDialog } from '../components/remove-account-dialog';
import { SettlementAccountRow } from '../components/settlement-account-row';
import { SettlementAreaTabs } from '../components/settlement-area-tabs';
import { accountLabel } from '../model/payout-amount';

function AddAccountLink() {
  return (
    <Link to="/dashboard/settlement/accounts/add-account" className={buttonClassName('primary')}>
      <PlusIcon />
      {t('settlement.accounts.add')}
    </Link>
  );
}

/** The bank accounts payouts go to; the default one is the company information's. */
export function SettlementAccountsScreen() {
  const toast = useToast();
  const accounts = useSettlementAccounts();
  const makeDefault = useMakeDefaultAccount();
  const [toRemove, setToRemove] = useState<TSettlementAccount | null>(null);

  const onMakeDefault = (account: TSettlementAccount) =>
    makeDefault.mutate(account.id, {
      onSuccess: () =>
        toast.success(t('settlement.accounts.madeDefault', { account: accountLabel(account) })),
      onError: (error) =>
        toast.error(
          t('settlement.accounts.makeDefaultFailed', {
            account: accountLabel(account),
            error: getErrorMessage(error),
          }),
        ),
    });

  let content: ReactNode;
  if (accounts.isPending) {
    content = <Loading />;
  } else if (accounts.isError && !accounts.data) {
    content = (
      <QueryError
        title={t('settlement.accounts.loadError')}
        error={accounts.error}
        retrying={accounts.isFetching}
        onRetry={() => void accounts.refetch()}
      />
    );
  } else if (accounts.data.length === 0) {
    content = (
      <EmptyState
        icon={<WalletIcon />}
        title={t('settlement.accounts.emptyTitle')}
        description={t('settlement.accounts.emptyDescription')}
        action={<AddAccountLink />}
      />
    );
  } else {
    content = (
      <Card padding="none">
        <ul aria-label={t('settlement.accounts.listLabel')} className="divide-y divide-line">
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
        title={t('settlement.accounts.title')}
        description={t('settlement.accounts.description')}
        actions={<AddAccountLink />}
      />
      <SettlementAreaTabs />
      {content}
      <RemoveAccountDialog account={toRemove} onClose={() => setToRemove(null)} />
    </>
  );
}
