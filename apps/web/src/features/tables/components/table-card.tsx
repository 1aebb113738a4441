import type { TTable } from '@tavolo/contract/tables';
import { memo } from 'react';
import { Badge } from '../../../components/ui/badge';
import { DownloadIcon, LinkIcon, PencilIcon, RefreshIcon, TrashIcon } from '../../../components/ui/icons';
import { cn } from '../../../lib/cn';
import { tableQrUrl } from '../model/table-qr';

// Quieter than Button (many sit in a row), still 44px tall on touch screens.
const actionBase =
  'inline-flex min-h-11 min-w-11 items-center justify-center gap-1.5 rounded-lg px-3 text-sm font-medium transition-colors disabled:cursor-not-allowed disabled:opacity-60';
const action = cn(actionBase, 'text-ink hover:bg-slate-100 active:bg-slate-200');
const dangerAction = cn(actionBase, 'ml-auto text-red-700 hover:bg-red-50 active:bg-red-100');

export interface TableCardActions {
  onEdit: (table: TTable) => void;
  onToggleActive: (table: TTable) => void;
  onRotate: (table: TTable) => void;
  onDelete: (table: TTable) => void;
  onCopyLink: (table: TTable) => void;
}

/** One table: its QR code, what it is, and everything that can be done to it. */
export const TableCard = memo(function TableCard({
  table,
  toggling,
  onEdit,
  onToggleActive,
  onRotate,
  onDelete,
  onCopyLink,
}: { table: TTable; toggling: boolean } & TableCardActions) {
  const name = `table ${table.number}`;
  return (
    <li
      className={cn(
        'flex flex-col rounded-xl border shadow-sm',
        table.active ? 'border-line bg-panel' : 'border-slate-200 bg-slate-50',
      )}
      data-testid="table-card"
      data-active={table.active}
    >
      <div className="flex gap-4 p-4">
        <a
          href={tableQrUrl(table, 'svg')}
          target="_blank"
          rel="noreferrer"
          className="shrink-0 self-start rounded-lg"
          aria-label={`Open the QR code of ${name}`}
        >
          <img
            src={tableQrUrl(table, 'svg')}
            alt={`QR code of ${name}`}
            width={112}
            height={112}
            loading="lazy"
            className={cn(
              'size-24 rounded-lg border border-line bg-white p-1 sm:size-28',
              !table.active && 'opacity-50',
            )}
            data-testid="table-qr"
          />
        </a>
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <h3 className="text-lg font-semibold text-ink">Table {table.number}</h3>
            {table.active ? <Badge tone="success">Active</Badge> : <Badge tone="warning">Inactive</Badge>}
          </div>
          {table.label ? <p className="text-sm break-words text-ink">{table.label}</p> : null}
          <p className="text-sm text-ink-muted">
            {table.seats === null ? 'Seats not set' : `${table.seats} seat${table.seats === 1 ? '' : 's'}`}
          </p>
          <div className="mt-auto flex min-w-0 items-center gap-1 pt-1">
            <a
              href={table.guestUrl}
              target="_blank"
              rel="noreferrer"
              className="block min-h-11 min-w-0 truncate rounded-sm font-mono text-xs leading-[2.75rem] text-accent-800 underline-offset-2 hover:underline"
              title={table.guestUrl}
            >
              {table.guestUrl.replace(/^https?:\/\//, '')}
            </a>
            <button
              type="button"
              onClick={() => onCopyLink(table)}
              className="flex size-11 shrink-0 items-center justify-center rounded-lg text-ink-muted hover:bg-slate-100 hover:text-ink"
              aria-label={`Copy the guest link of ${name}`}
              title="Copy guest link"
            >
              <LinkIcon />
            </button>
          </div>
        </div>
      </div>
      {/* Two steady rows: the table itself, then its code. */}
      <div className="flex flex-col gap-1 border-t border-line p-2">
        <div className="flex flex-wrap items-center gap-1">
          <button type="button" className={action} onClick={() => onEdit(table)}>
            <PencilIcon className="size-4" />
            Edit<span className="sr-only"> {name}</span>
          </button>
          <button
            type="button"
            className={action}
            onClick={() => onToggleActive(table)}
            disabled={toggling}
            aria-busy={toggling || undefined}
          >
            {table.active ? 'Deactivate' : 'Activate'}
            <span className="sr-only"> {name}</span>
          </button>
          <button
            type="button"
            className={dangerAction}
            onClick={() => onDelete(table)}
            aria-label={`Delete ${name}`}
            title="Delete table"
          >
            <TrashIcon className="size-4" />
          </button>
        </div>
        <div className="flex flex-wrap items-center gap-1">
          <a
            href={tableQrUrl(table, 'png', true)}
            download={`table-${table.number}-qr.png`}
            className={action}
            aria-label={`Download the QR code of ${name} as PNG`}
          >
            <DownloadIcon className="size-4" />
            PNG
          </a>
          <a
            href={tableQrUrl(table, 'svg', true)}
            download={`table-${table.number}-qr.svg`}
            className={action}
            aria-label={`Download the QR code of ${name} as SVG`}
          >
            <DownloadIcon className="size-4" />
            SVG
          </a>
          <button type="button" className={action} onClick={() => onRotate(table)}>
            <RefreshIcon className="size-4" />
            New code<span className="sr-only"> for {name}</span>
          </button>
        </div>
      </div>
    </li>
  );
});
