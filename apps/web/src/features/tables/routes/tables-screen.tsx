import { EmptyState } from '../../../components/ui/empty-state';
import { TableIcon } from '../../../components/ui/icons';
import { PageHeader } from '../../../components/ui/page-header';

export function TablesScreen() {
  return (
    <>
      <PageHeader title="Tables" description="Tables and the QR codes guests scan to order." />
      <EmptyState
        icon={<TableIcon />}
        title="Tables arrive soon"
        description="Add your tables, print their QR codes, and rotate a code whenever you need to."
      />
    </>
  );
}
