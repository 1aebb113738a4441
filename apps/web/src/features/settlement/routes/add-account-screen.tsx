import { Link } from 'react-router';
import { buttonClassName } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { WalletIcon } from '../../../components/ui/icons';
import { PageHeader } from '../../../components/ui/page-header';

export function AddAccountScreen() {
  return (
    <>
      <PageHeader
        title="Add a settlement account"
        description="A bank account for payouts."
        actions={
          <Link to="/dashboard/settlement/accounts" className={buttonClassName('secondary')}>
            Back to accounts
          </Link>
        }
      />
      <EmptyState
        icon={<WalletIcon />}
        title="Adding accounts arrives soon"
        description="You will enter the bank name, account name and account number here."
      />
    </>
  );
}
