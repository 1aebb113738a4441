import { EmptyState } from '../../../components/ui/empty-state';
import { CardIcon } from '../../../components/ui/icons';
import { PageHeader } from '../../../components/ui/page-header';

export function PaymentsScreen() {
  return (
    <>
      <PageHeader title="Payments" description="Payments received, refunds and totals for a period." />
      <EmptyState
        icon={<CardIcon />}
        title="Payments arrive soon"
        description="Stats by day and by method, the list of payments, and refunds will live here."
      />
    </>
  );
}
