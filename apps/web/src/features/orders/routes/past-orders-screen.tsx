import { EmptyState } from '../../../components/ui/empty-state';
import { HistoryIcon } from '../../../components/ui/icons';
import { PageHeader } from '../../../components/ui/page-header';

export function PastOrdersScreen() {
  return (
    <>
      <PageHeader title="Past orders" description="Completed and cancelled orders." />
      <EmptyState
        icon={<HistoryIcon />}
        title="Order history arrives soon"
        description="Search, filter by date, status or table, and export to CSV — all here once orders start coming in."
      />
    </>
  );
}
