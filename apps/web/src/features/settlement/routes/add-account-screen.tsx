import { Link } from 'react-router';
import { buttonClassName } from '../../../components/ui/button';
import { PageHeader } from '../../../components/ui/page-header';
import { t } from '../../../lib/i18n/i18n';
import { AddAccountForm } from '../components/add-account-form';
import { SettlementAreaTabs } from '../components/settlement-area-tabs';

export function AddAccountScreen() {
  return (
    <>
      <PageHeader
        title={t('settlement.addAccount.title')}
        description={t('settlement.addAccount.description')}
        actions={
          <Link to="/dashboard/settlement/accounts" className={buttonClassName('secondary')}>
            {t('settlement.addAccount.backToAccounts')}
          </Link>
        }
      />
      <SettlementAreaTabs />
      <AddAccountForm />
    </>
  );
}
