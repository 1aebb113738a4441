import { Link } from 'react-router';
import { buttonClassName } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { WalletIcon } from '../../../components/ui/icons';
import { PageHeader } from '../../../components/ui/page-header';

export function SettlementAccountsScreen() {
  return (
    <>
      <PageHeader
        title="Settlement accounts"
        description="Bank accounts that payouts go to."
        actions={
          <Link to="/dashboard/settlement/accounts/add-account" className={buttonClassName('primary')}>
            Add an account
          </Link>
        }
      />
      <EmptyState
        icon={<WalletIcon />}
        title="Settlement accounts arrive soon"
        description="Add the bank accounts you want payouts sent to and choose the default one."
      />
    </>
  );
}
