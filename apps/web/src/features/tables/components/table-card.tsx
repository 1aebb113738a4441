import type { TTable } from '@tavolo/contract/tables';
import { memo } from 'react';
import { Badge } from '../../../components/ui/badge';
import { DownloadIcon, LinkIcon, PencilIcon, RefreshIcon, TrashIcon } from '../../../components/ui/icons';
import { cn } from '../../../lib/cn';
import { t } from '../../../lib/i18n/i18n';
import { type QrFormat, tableQrUrl } from '../model/table-qr';

// Quieter than Button (many sit in a row), still 44px tall on touch screens.
const actionBase =
  'inline-flex min-h-11 min-w-11 items-center justify-center gap-1.5 rounded-lg px-3 text-sm font-medium transition-colors disabled:cursor-not-allowed disabled:opacity-60';
const action = cn(actionBase, 'text-ink hover:bg-slate-100 active:bg-slate-200');
const dangerAction = cn(actionBase, 'ml-auto text-red-700 hover:bg-red-50 active:bg-red-100');

/** The downloads each card offers, in this order. */
const DOWNLOAD_FORMATS: readonly QrFormat[] = ['png', 'svg'];

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
  const number = table.number;
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
          aria-label={t('tables.card.openQr', { number })}
        >
          <img
            src={tableQrUrl(table, 'svg')}
            alt={t('tables.card.qrAlt', { number })}
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
            <h3 className="text-lg font-semibold text-ink">{t('tables.card.title', { number })}</h3>
            {table.active ? (
              <Badge tone="success">{t('tables.card.active')}</Badge>
            ) : (
              <Badge tone="warning">{t('tables.card.inactive')}</Badge>
            )}
          </div>
          {table.label ? <p className="text-sm break-words text-ink">{table.label}</p> : null}
          {table.area ? (
            <p className="text-sm break-words text-ink-muted">
              {t('tables.card.area', { area: table.area })}
            </p>
          ) : null}
          <p className="text-sm text-ink-muted">
            {table.seats === null
              ? t('tables.card.seatsNotSet')
              : t('tables.card.seats', { count: table.seats })}
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
              aria-label={t('tables.card.copyLinkLabel', { number })}
              title={t('tables.card.copyLink')}
            >
              <LinkIcon />
            </button>
          </div>
        </div>
      </div>
      {/* Two steady rows: the table itself, then its code. */}
      <div className="flex flex-col gap-1 border-t border-line p-2">
        <div className="flex flex-wrap items-center gap-1">
          <button
            type="button"
            className={action}
            onClick={() => onEdit(table)}
            aria-label={t('tables.card.editLabel', { number })}
          >
            <PencilIcon className="size-4" />
            {t('tables.card.edit')}
          </button>
          <button
            type="button"
            className={action}
            onClick={() => onToggleActive(table)}
            disabled={toggling}
            aria-busy={toggling || undefined}
            aria-label={
              table.active
                ? t('tables.card.deactivateLabel', { number })
                : t('tables.card.activateLabel', { number })
            }
          >
            {table.active ? t('tables.card.deactivate') : t('tables.card.activate')}
          </button>
          <button
            type="button"
            className={dangerAction}
            onClick={() => onDelete(table)}
            aria-label={t('tables.card.deleteLabel', { number })}
            title={t('tables.card.delete')}
          >
            <TrashIcon className="size-4" />
          </button>
        </div>
        <div className="flex flex-wrap items-center gap-1">
          {DOWNLOAD_FORMATS.map((format) => (
            <a
              key={format}
              href={tableQrUrl(table, format, true)}
              download={`table-${number}-qr.${format}`}
              className={action}
              aria-label={t('tables.card.download', { number, format: format.toUpperCase() })}
            >
              <DownloadIcon className="size-4" />
              {format.toUpperCase()}
            </a>
          ))}
          <button
            type="button"
            className={action}
            onClick={() => onRotate(table)}
            aria-label={t('tables.card.newCodeLabel', { number })}
          >
            <RefreshIcon className="size-4" />
            {t('tables.card.newCode')}
          </button>
        </div>
      </div>
    </li>
  );
});
