import type { TTable } from '@tavolo/contract/tables';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useToast } from '../../../components/ui/toast';
import { getErrorMessage } from '../../../lib/api-client';
import { t } from '../../../lib/i18n/i18n';
import { useRotateTableQr } from '../api/rotate-table-qr';

/** Asks before giving a table a new QR code: the printed one stops working at once. */
export function RotateTableQrDialog({ table, onClose }: { table: TTable | null; onClose: () => void }) {
  const toast = useToast();
  const rotation = useRotateTableQr();

  const confirm = () => {
    if (!table) return;
    rotation.mutate(table.id, {
      onSuccess: () => toast.success(t('tables.rotate.done', { number: table.number })),
      onError: (error) =>
        toast.error(t('tables.rotate.failed', { number: table.number, reason: getErrorMessage(error) })),
      onSettled: onClose,
    });
  };

  return (
    <ConfirmDialog
      open={table !== null}
      title={t('tables.rotate.title', { number: table?.number })}
      description={
        <div className="flex flex-col gap-2">
          <p>
            <strong className="font-semibold text-ink">
              {t('tables.rotate.warning', { number: table?.number })}
            </strong>{' '}
            {t('tables.rotate.oldCodes')}
          </p>
          <p>{t('tables.rotate.printNew')}</p>
        </div>
      }
      confirmLabel={t('tables.rotate.confirm')}
      pendingLabel={t('tables.rotate.pending')}
      pending={rotation.isPending}
      onConfirm={confirm}
      onCancel={onClose}
    />
  );
}
