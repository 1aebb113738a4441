import { Link } from 'react-router';
import { buttonClassName } from '../../../components/ui/button';
import { PageHeader } from '../../../components/ui/page-header';
import { AddAccountForm } from '../components/add-account-form';
import { SettlementAreaTabs } from '../components/settlement-area-tabs';

export function AddAccountScreen() {
  return (
    <>
      <PageHeader
        title="Add a settlement account"
        description="A bank account your payouts can go to."
        actions={
          <Link to="/dashboard/settlement/accounts" className={buttonClassName('secondary')}>
            Back to accounts
          </Link>
        }
      />
      <SettlementAreaTabs />
      <AddAccountForm />
    </>
  );
}
