import type { TFloorTable } from '@tavolo/contract/floor';
import type { TOrder } from '@tavolo/contract/orders';
import { useToast } from '../../../components/ui/toast';
import { getErrorMessage } from '../../../lib/api-client';
import { t } from '../../../lib/i18n/i18n';
import { useMoveOrder } from '../api/change-order';
import { useMergeTables } from '../api/merge-tables';
import { useTransferTable } from '../api/transfer-table';
import { TablePickerSheet } from './table-picker-sheet';

/** Moves one order (nothing paid) to another table's bill, after asking. */
export function MoveOrderSheet({
  order,
  table,
  onClose,
}: {
  order: TOrder;
  table: TFloorTable;
  onClose: () => void;
}) {
  const toast = useToast();
  const move = useMoveOrder(table.id);
  return (
    <TablePickerSheet
      testId="move-order-sheet"
      title={t('floor.move.title', { number: order.number })}
      description={t('floor.move.description', { table: table.number })}
      emptyText={t('floor.move.noTables')}
      accepts={(other) => other.id !== table.id}
      confirm={(other) => ({
        title: t('floor.move.confirmTitle', { number: order.number, table: other.number }),
        description: t('floor.move.confirmDescription', { from: table.number, to: other.number }),
        label: t('floor.move.confirm', { table: other.number }),
      })}
      pending={move.isPending}
      onPicked={(other) =>
        move.mutate(
          { orderId: order.id, body: { tableId: other.id } },
          {
            onSuccess: () => {
              toast.success(t('floor.move.done', { number: order.number, table: other.number }));
              onClose();
            },
            onError: (error) =>
              toast.error(t('floor.move.failed', { number: order.number, error: getErrorMessage(error) })),
          },
        )
      }
      onClose={onClose}
    />
  );
}

/** Brings every open order of another table onto this table's bill, after asking. */
export function MergeTableSheet({ table, onClose }: { table: TFloorTable; onClose: () => void }) {
  const toast = useToast();
  const merge = useMergeTables();
  return (
    <TablePickerSheet
      testId="merge-sheet"
      title={t('floor.merge.title', { table: table.number })}
      description={t('floor.merge.description')}
      emptyText={t('floor.merge.noTables')}
      accepts={(other) => other.id !== table.id && other.state !== 'free'}
      confirm={(other) => ({
        title: t('floor.merge.confirmTitle', { from: other.number, to: table.number }),
        description: t('floor.merge.confirmDescription', { from: other.number }),
        label: t('floor.merge.confirm'),
      })}
      pending={merge.isPending}
      onPicked={(other) =>
        merge.mutate(
          { tableId: table.id, fromTableId: other.id },
          {
            onSuccess: () => {
              toast.success(t('floor.merge.done', { from: other.number, to: table.number }));
              onClose();
            },
            onError: (error) =>
              toast.error(t('floor.merge.failed', { from: other.number, error: getErrorMessage(error) })),
          },
        )
      }
      onClose={onClose}
    />
  );
}

/** Moves this table's whole visit (guests, orders, payments, waiter) to a free table, after asking. */
export function TransferTableSheet({
  table,
  onMoved,
  onClose,
}: {
  table: TFloorTable;
  onMoved: (to: TFloorTable) => void;
  onClose: () => void;
}) {
  const toast = useToast();
  const transfer = useTransferTable();
  return (
    <TablePickerSheet
      testId="transfer-sheet"
      title={t('floor.transfer.title', { table: table.number })}
      description={t('floor.transfer.description')}
      emptyText={t('floor.transfer.noTables')}
      accepts={(other) => other.id !== table.id && other.state === 'free'}
      confirm={(other) => ({
        title: t('floor.transfer.confirmTitle', { from: table.number, to: other.number }),
        description: t('floor.transfer.confirmDescription', { from: table.number, to: other.number }),
        label: t('floor.transfer.confirm', { table: other.number }),
      })}
      pending={transfer.isPending}
      onPicked={(other) =>
        transfer.mutate(
          { tableId: table.id, toTableId: other.id },
          {
            onSuccess: (moved) => {
              toast.success(t('floor.transfer.done', { from: table.number, to: moved.number }));
              onMoved(moved);
            },
            onError: (error) =>
              toast.error(t('floor.transfer.failed', { from: table.number, error: getErrorMessage(error) })),
          },
        )
      }
      onClose={onClose}
    />
  );
}
