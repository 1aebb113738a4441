import type { TTable } from '@tavolo/contract/tables';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useToast } from '../../../components/ui/toast';
import { getErrorMessage, isHttpError } from '../../../lib/api-client';
import { t } from '../../../lib/i18n/i18n';
import { useDeleteTable } from '../api/delete-table';

/**
 * Asks before deleting a table. When the server refuses (the table has open orders), the dialog
 * shows why and offers the way out it suggests: deactivate the table instead.
 */
export function DeleteTableDialog({
  table,
  deactivating,
  onDeactivate,
  onClose,
}: {
  table: TTable | null;
  /** The table is being switched off (the way out), so the dialog waits. */
  deactivating: boolean;
  onDeactivate: (table: TTable, onDone: () => void) => void;
  onClose: () => void;
}) {
  const toast = useToast();
  const deletion = useDeleteTable();
  /** The server's refusal, shown in the dialog with a way out. */
  const [refusal, setRefusal] = useState<string | null>(null);

  const close = () => {
    setRefusal(null);
    onClose();
  };
  const confirm = () => {
    if (!table) return;
    if (refusal) {
      // The way out the server suggests: keep the table, stop new orders from its code.
      onDeactivate(table, close);
      return;
    }
    deletion.mutate(table.id, {
      onSuccess: () => {
        toast.success(t('tables.delete.done', { number: table.number }));
        close();
      },
      onError: (error) => {
        if (isHttpError(error, 409) && table.active)
          setRefusal(getErrorMessage(error, { CONFLICT: () => t('tables.delete.openOrders') }));
        else {
          toast.error(t('tables.delete.failed', { number: table.number, reason: getErrorMessage(error) }));
          close();
        }
      },
    });
  };

  return (
    <ConfirmDialog
      open={table !== null}
      title={
        refusal
          ? t('tables.delete.refusedTitle', { number: table?.number })
          : t('tables.delete.title', { number: table?.number })
      }
      description={
        refusal ? (
          <div className="flex flex-col gap-3">
            <Alert>{refusal}</Alert>
            <p>{t('tables.delete.deactivateInstead')}</p>
          </div>
        ) : (
          t('tables.delete.explanation')
        )
      }
      confirmLabel={
        refusal ? t('tables.delete.deactivate', { number: table?.number }) : t('tables.delete.confirm')
      }
      pendingLabel={refusal ? t('tables.delete.deactivating') : t('tables.delete.deleting')}
      tone={refusal ? 'primary' : 'danger'}
      pending={deletion.isPending || deactivating}
      onConfirm={confirm}
      onCancel={close}
    />
  );
}
