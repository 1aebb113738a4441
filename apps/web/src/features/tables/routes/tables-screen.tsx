import type { TTable } from '@tavolo/contract/tables';
import { type ReactNode, useCallback, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClassName } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { PlusIcon, PrinterIcon, TableIcon } from '../../../components/ui/icons';
import { PageHeader } from '../../../components/ui/page-header';
import { QueryError } from '../../../components/ui/query-error';
import { Loading } from '../../../components/ui/spinner';
import { useToast } from '../../../components/ui/toast';
import { getErrorMessage, isHttpError } from '../../../lib/api-client';
import { copyToClipboard } from '../../../lib/copy-to-clipboard';
import { useDeleteTable } from '../api/delete-table';
import { useTables } from '../api/get-tables';
import { useRotateTableQr } from '../api/rotate-table-qr';
import { useUpdateTable } from '../api/update-table';
import { TableCard } from '../components/table-card';
import { TableFormDialog, type TableFormTarget } from '../components/table-form-dialog';

export function TablesScreen() {
  const toast = useToast();
  const tables = useTables();
  const update = useUpdateTable();
  const deletion = useDeleteTable();
  const rotation = useRotateTableQr();
  const [formTarget, setFormTarget] = useState<TableFormTarget | null>(null);
  const [toDelete, setToDelete] = useState<TTable | null>(null);
  /** The server's refusal (open orders), shown in the dialog with a way out. */
  const [deleteRefusal, setDeleteRefusal] = useState<string | null>(null);
  const [toRotate, setToRotate] = useState<TTable | null>(null);
  const [toggling, setToggling] = useState<ReadonlySet<string>>(new Set());

  const { mutate: mutateUpdate } = update;
  const setActive = useCallback(
    (table: TTable, active: boolean, onDone?: () => void) => {
      setToggling((ids) => new Set(ids).add(table.id));
      mutateUpdate(
        { id: table.id, body: { active } },
        {
          onSuccess: () =>
            toast.success(
              active
                ? `Table ${table.number} is active: guests can order from its code.`
                : `Table ${table.number} is inactive: its code shows a notice instead of the menu.`,
            ),
          onError: (error) => toast.error(`Table ${table.number} was not changed: ${getErrorMessage(error)}`),
          onSettled: () => {
            setToggling((ids) => {
              const next = new Set(ids);
              next.delete(table.id);
              return next;
            });
            onDone?.();
          },
        },
      );
    },
    [mutateUpdate, toast],
  );

  const onToggleActive = useCallback((table: TTable) => setActive(table, !table.active), [setActive]);
  const onEdit = useCallback((table: TTable) => setFormTarget({ mode: 'edit', table }), []);
  const onDelete = useCallback((table: TTable) => {
    setDeleteRefusal(null);
    setToDelete(table);
  }, []);
  const onCopyLink = useCallback(
    async (table: TTable) => {
      if (await copyToClipboard(table.guestUrl))
        toast.success(`The guest link of table ${table.number} was copied.`);
      else toast.error('Copying is not allowed here. Open the link and copy it from the address bar.');
    },
    [toast],
  );

  const closeDelete = () => {
    setToDelete(null);
    setDeleteRefusal(null);
  };
  const confirmDelete = () => {
    if (!toDelete) return;
    const table = toDelete;
    if (deleteRefusal) {
      // The way out the server suggests: keep the table, stop new orders from its code.
      setActive(table, false, closeDelete);
      return;
    }
    deletion.mutate(table.id, {
      onSuccess: () => {
        toast.success(`Table ${table.number} was deleted.`);
        closeDelete();
      },
      onError: (error) => {
        if (isHttpError(error, 409) && table.active) setDeleteRefusal(getErrorMessage(error));
        else {
          toast.error(`Table ${table.number} was not deleted: ${getErrorMessage(error)}`);
          closeDelete();
        }
      },
    });
  };

  const confirmRotate = () => {
    if (!toRotate) return;
    const table = toRotate;
    rotation.mutate(table.id, {
      onSuccess: () =>
        toast.success(`Table ${table.number} has a new code. Print it and replace the one on the table.`),
      onError: (error) =>
        toast.error(`The code of table ${table.number} was not changed: ${getErrorMessage(error)}`),
      onSettled: () => setToRotate(null),
    });
  };

  const items = tables.data;
  let content: ReactNode;
  if (!items) {
    content = tables.isError ? (
      <QueryError
        title="Could not load the tables"
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
        title="No tables yet"
        description="Add a table for each place guests sit. Each one gets a QR code that opens your menu, so guests can order from their seat."
        action={
          <Button onClick={() => setFormTarget({ mode: 'add' })}>
            <PlusIcon />
            Add your first table
          </Button>
        }
      />
    );
  } else {
    const active = items.filter((table) => table.active).length;
    content = (
      <section aria-labelledby="table-list-heading" className="flex flex-col gap-3">
        <h2 id="table-list-heading" className="text-base font-semibold text-ink">
          {items.length} table{items.length === 1 ? '' : 's'}{' '}
          <span className="font-normal text-ink-muted">· {active} active</span>
        </h2>
        <ul className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
          {items.map((table) => (
            <TableCard
              key={table.id}
              table={table}
              toggling={toggling.has(table.id)}
              onEdit={onEdit}
              onToggleActive={onToggleActive}
              onRotate={setToRotate}
              onDelete={onDelete}
              onCopyLink={onCopyLink}
            />
          ))}
        </ul>
      </section>
    );
  }

  return (
    <>
      <PageHeader
        title="Tables"
        description="Tables and the QR codes guests scan to order."
        actions={
          items && items.length > 0 ? (
            <>
              <Link to="/dashboard/tables/print" className={buttonClassName('secondary')}>
                <PrinterIcon />
                Print QR codes
              </Link>
              <Button onClick={() => setFormTarget({ mode: 'add' })}>
                <PlusIcon />
                Add table
              </Button>
            </>
          ) : null
        }
      />
      {content}
      <TableFormDialog target={formTarget} tables={items ?? []} onClose={() => setFormTarget(null)} />
      <ConfirmDialog
        open={toDelete !== null}
        title={
          deleteRefusal
            ? `Table ${toDelete?.number} cannot be deleted yet`
            : `Delete table ${toDelete?.number}?`
        }
        description={
          deleteRefusal ? (
            <div className="flex flex-col gap-3">
              <Alert>{deleteRefusal}</Alert>
              <p>Deactivating keeps the table and its orders; its code stops taking new orders.</p>
            </div>
          ) : (
            'Its QR code stops working and the table leaves this list. Past orders keep its number.'
          )
        }
        confirmLabel={deleteRefusal ? `Deactivate table ${toDelete?.number}` : 'Delete table'}
        pendingLabel={deleteRefusal ? 'Deactivating…' : 'Deleting…'}
        tone={deleteRefusal ? 'primary' : 'danger'}
        pending={deletion.isPending || (toDelete !== null && toggling.has(toDelete.id))}
        onConfirm={confirmDelete}
        onCancel={closeDelete}
      />
      <ConfirmDialog
        open={toRotate !== null}
        title={`Make a new code for table ${toRotate?.number}?`}
        description={
          <div className="flex flex-col gap-2">
            <p>
              <strong className="font-semibold text-ink">
                Printed codes for table {toRotate?.number} stop working at once.
              </strong>{' '}
              Guests who scan them are asked to call the staff.
            </p>
            <p>Print the new code and put it on the table straight after.</p>
          </div>
        }
        confirmLabel="Make a new code"
        pendingLabel="Making a new code…"
        pending={rotation.isPending}
        onConfirm={confirmRotate}
        onCancel={() => setToRotate(null)}
      />
    </>
  );
}
