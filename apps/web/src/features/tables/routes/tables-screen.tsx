import type { TTable } from '@tavolo/contract/tables';
import { type ReactNode, useCallback, useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClassName } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { PlusIcon, PrinterIcon, TableIcon } from '../../../components/ui/icons';
import { PageHeader } from '../../../components/ui/page-header';
import { QueryError } from '../../../components/ui/query-error';
import { Loading } from '../../../components/ui/spinner';
import { useToast } from '../../../components/ui/toast';
import { copyToClipboard } from '../../../lib/copy-to-clipboard';
import { t } from '../../../lib/i18n/i18n';
import { useTables } from '../api/get-tables';
import { DeleteTableDialog } from '../components/delete-table-dialog';
import { RotateTableQrDialog } from '../components/rotate-table-qr-dialog';
import { TableFormDialog, type TableFormTarget } from '../components/table-form-dialog';
import { TableList } from '../components/table-list';
import { useTableActiveToggle } from '../components/use-table-active-toggle';

export function TablesScreen() {
  const toast = useToast();
  const tables = useTables();
  const { toggling, setActive } = useTableActiveToggle();
  const [formTarget, setFormTarget] = useState<TableFormTarget | null>(null);
  const [toDelete, setToDelete] = useState<TTable | null>(null);
  const [toRotate, setToRotate] = useState<TTable | null>(null);

  const onToggleActive = useCallback((table: TTable) => setActive(table, !table.active), [setActive]);
  const onDeactivate = useCallback(
    (table: TTable, onDone: () => void) => setActive(table, false, onDone),
    [setActive],
  );
  const onEdit = useCallback((table: TTable) => setFormTarget({ mode: 'edit', table }), []);
  const onCopyLink = useCallback(
    async (table: TTable) => {
      if (await copyToClipboard(table.guestUrl))
        toast.success(t('tables.link.copied', { number: table.number }));
      else toast.error(t('tables.link.copyRefused'));
    },
    [toast],
  );

  const items = tables.data;
  let content: ReactNode;
  if (!items) {
    content = tables.isError ? (
      <QueryError
        title={t('tables.loadFailed')}
        error={tables.error}
        retrying={tables.isFetching}
        onRetry={() => void tables.refetch()}
      />
    ) : (
      <Loading />
    );
  } else if (items.length === 0) {
    content = (
      <EmptyState
        icon={<TableIcon />}
        title={t('tables.empty.title')}
        description={t('tables.empty.description')}
        action={
          <Button onClick={() => setFormTarget({ mode: 'add' })}>
            <PlusIcon />
            {t('tables.empty.add')}
          </Button>
        }
      />
    );
  } else {
    content = (
      <TableList
        tables={items}
        toggling={toggling}
        onEdit={onEdit}
        onToggleActive={onToggleActive}
        onRotate={setToRotate}
        onDelete={setToDelete}
        onCopyLink={onCopyLink}
      />
    );
  }

  return (
    <>
      <PageHeader
        title={t('tables.screen.title')}
        description={t('tables.screen.description')}
        actions={
          items && items.length > 0 ? (
            <>
              <Link to="/dashboard/tables/print" className={buttonClassName('secondary')}>
                <PrinterIcon />
                {t('tables.screen.print')}
              </Link>
              <Button onClick={() => setFormTarget({ mode: 'add' })}>
                <PlusIcon />
                {t('tables.screen.add')}
              </Button>
            </>
          ) : null
        }
      />
      {content}
      <TableFormDialog target={formTarget} tables={items ?? []} onClose={() => setFormTarget(null)} />
      <DeleteTableDialog
        table={toDelete}
        deactivating={toDelete !== null && toggling.has(toDelete.id)}
        onDeactivate={onDeactivate}
        onClose={() => setToDelete(null)}
      />
      <RotateTableQrDialog table={toRotate} onClose={() => setToRotate(null)} />
    </>
  );
}
