import { Link } from 'react-router';
import { buttonClassName } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { WalletIcon } from '../../../components/ui/icons';
import { PageHeader } from '../../../components/ui/page-header';

export function SettlementScreen() {
  return (
    <>
      <PageHeader
        title="Settlement"
        description="Your wallet balance and payouts."
        actions={
          <Link to="/dashboard/settlement/accounts" className={buttonClassName('secondary')}>
            Settlement accounts
          </Link>
        }
      />
      <EmptyState
        icon={<WalletIcon />}
        title="Settlement arrives soon"
        description="See your balance and its transactions, and request payouts to your bank account."
      />
    </>
  );
}
