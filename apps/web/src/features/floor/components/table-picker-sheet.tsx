import type { TFloorTable } from '@tavolo/contract/floor';
import { type ReactNode, useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import { QueryError } from '../../../components/ui/query-error';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { t } from '../../../lib/i18n/i18n';
import { useFloor } from '../api/get-floor';
import { TABLE_STATE_STYLES, TableStateBadge } from './table-state-badge';

/**
 * Picks another table (to move an order to, or to merge here), then asks before doing it: the
 * floor's tables as large buttons with their state, those that do not fit the purpose left out.
 */
export function TablePickerSheet({
  title,
  description,
  emptyText,
  accepts,
  confirm,
  pending,
  onPicked,
  onClose,
  testId,
}: {
  title: string;
  description: ReactNode;
  emptyText: string;
  /** Which tables may be picked. */
  accepts: (table: TFloorTable) => boolean;
  /** The question asked once a table is picked. */
  confirm: (table: TFloorTable) => { title: string; description: string; label: string };
  pending: boolean;
  onPicked: (table: TFloorTable) => void;
  onClose: () => void;
  testId: string;
}) {
  const floor = useFloor();
  const [picked, setPicked] = useState<TFloorTable | null>(null);
  const tables = floor.data?.tables.filter(accepts).sort((a, b) => a.number - b.number);
  const question = picked ? confirm(picked) : null;

  let body: ReactNode;
  if (floor.isPending) {
    body = (
      <p role="status" className="flex items-center gap-2 text-sm text-ink-muted">
        <Spinner className="size-4" /> {t('floor.screen.loading')}
      </p>
    );
  } else if (!tables) {
    body = (
      <QueryError
        title={t('floor.screen.loadFailed')}
        error={floor.error}
        retrying={floor.isFetching}
        onRetry={() => void floor.refetch()}
      />
    );
  } else if (tables.length === 0) {
    body = <p className="text-sm text-ink-muted">{emptyText}</p>;
  } else {
    body = (
      <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4">
        {tables.map((table) => (
          <li key={table.id}>
            <button
              type="button"
              onClick={() => setPicked(table)}
              data-testid="pick-table"
              data-table-number={table.number}
              className={cn(
                'flex min-h-20 w-full flex-col items-start gap-1 rounded-xl border border-l-4 border-line p-2 text-left',
                'hover:border-accent-700 active:brightness-95',
                TABLE_STATE_STYLES[table.state].tile,
              )}
            >
              <span className="text-xl font-bold text-ink tabular-nums">
                <span className="sr-only">{t('floor.tile.table')} </span>
                {table.number}
              </span>
              <TableStateBadge state={table.state} />
            </button>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <>
      <ModalDialog
        open
        onClose={() => {
          if (!pending) onClose();
        }}
        variant="sheet"
        title={title}
        description={description}
        testId={testId}
      >
        {body}
      </ModalDialog>
      <ConfirmDialog
        open={question !== null}
        title={question?.title ?? ''}
        description={question?.description}
        confirmLabel={question?.label}
        cancelLabel={t('floor.cancel')}
        tone="primary"
        pending={pending}
        onConfirm={() => picked && onPicked(picked)}
        onCancel={() => setPicked(null)}
      />
    </>
  );
}
