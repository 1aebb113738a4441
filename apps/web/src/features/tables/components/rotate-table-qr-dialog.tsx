import type { TTable } from '@tavolo/contract/tables';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useToast } from '../../../components/ui/toast';
import { getErrorMessage } from '../../../lib/api-client';
import { useRotateTableQr } from '../api/rotate-table-qr';

/** Asks before giving a table a new QR code: the printed one stops working at once. */
export function RotateTableQrDialog({ table, onClose }: { table: TTable | null; onClose: () => void }) {
  const toast = useToast();
  const rotation = useRotateTableQr();

  const confirm = () => {
    if (!table) return;
    rotation.mutate(table.id, {
      onSuccess: () =>
        toast.success(`Table ${table.number} has a new code. Print it and replace the one on the table.`),
      onError: (error) =>
        toast.error(`The code of table ${table.number} was not changed: ${getErrorMessage(error)}`),
      onSettled: onClose,
    });
  };

  return (
    <ConfirmDialog
      open={table !== null}
      title={`Make a new code for table ${table?.number}?`}
      description={
        <div className="flex flex-col gap-2">
          <p>
            <strong className="font-semibold text-ink">
              Printed codes for table {table?.number} stop working at once.
            </strong>{' '}
            Guests who scan them are asked to call the staff.
          </p>
          <p>Print the new code and put it on the table straight after.</p>
        </div>
      }
      confirmLabel="Make a new code"
      pendingLabel="Making a new code…"
      pending={rotation.isPending}
      onConfirm={confirm}
      onCancel={onClose}
    />
  );
}
