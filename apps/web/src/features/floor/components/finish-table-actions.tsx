import type { TFloorTable } from '@tavolo/contract/floor';
import { type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { useToast } from '../../../components/ui/toast';
import { getErrorMessage } from '../../../lib/api-client';
import { t } from '../../../lib/i18n/i18n';
import { useClearTable } from '../api/transfer-table';
import { TransferTableSheet } from './move-and-merge';
import { SettleSheet } from './settle-sheet';

/**
 * Finishing a table (PRODUCT.md §9), under its bill: settle it (the settle sheet), move the party to
 * a free table, or clear the table once nothing is left to serve or pay. `children`: the table's
 * other actions, in the same row.
 */
export function FinishTableActions({
  table,
  canSeeBills,
  canManage,
  children,
}: {
  table: TFloorTable;
  canSeeBills: boolean;
  canManage: boolean;
  children?: ReactNode;
}) {
  const toast = useToast();
  const navigate = useNavigate();
  const clear = useClearTable();
  const [open, setOpen] = useState<'settle' | 'transfer' | null>(null);
  const visiting = table.state !== 'free';
  // The last order moved away, or all is served and paid: cleared by hand once the guests have gone.
  const clearable = canManage && visiting && table.openOrders === 0 && table.dueMinor === 0;

  const clearTable = () =>
    clear.mutate(
      { tableId: table.id },
      {
        onSuccess: () => toast.success(t('floor.table.cleared', { table: table.number })),
        onError: (error) =>
          toast.error(t('floor.table.clearFailed', { table: table.number, error: getErrorMessage(error) })),
      },
    );

  return (
    <>
      {clearable ? (
        <p className="text-sm text-ink-muted" data-testid="nothing-left">
          {t('floor.table.nothingLeft')}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {canSeeBills && visiting && table.dueMinor > 0 ? (
          <Button onClick={() => setOpen('settle')} data-testid="settle-bill">
            {t('floor.bill.settle')}
          </Button>
        ) : null}
        {clearable ? (
          <Button onClick={clearTable} pending={clear.isPending} data-testid="clear-table">
            {t('floor.table.clear')}
          </Button>
        ) : null}
        {canManage && visiting ? (
          <Button variant="secondary" onClick={() => setOpen('transfer')} data-testid="transfer-table">
            {t('floor.table.transfer')}
          </Button>
        ) : null}
        {children}
      </div>
      {open === 'settle' ? <SettleSheet table={table} onClose={() => setOpen(null)} /> : null}
      {open === 'transfer' ? (
        <TransferTableSheet
          table={table}
          onMoved={(to) => {
            setOpen(null);
            void navigate(`/dashboard/floor/table/${to.id}`);
          }}
          onClose={() => setOpen(null)}
        />
      ) : null}
    </>
  );
}
