import { Link } from 'react-router';
import { buttonClassName } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { ReceiptIcon } from '../../../components/ui/icons';
import { PageHeader } from '../../../components/ui/page-header';

export function OrdersScreen() {
  return (
    <>
      <PageHeader
        title="Orders"
        description="Current orders, live as guests and staff place them."
        actions={
          <Link to="/dashboard/orders/past-orders" className={buttonClassName('secondary')}>
            Past orders
          </Link>
        }
      />
      <EmptyState
        icon={<ReceiptIcon />}
        title="The live order board arrives soon"
        description="New orders will appear here the moment they are placed, with a sound and a badge, ready to move from pending to served in one tap."
      />
    </>
  );
}
