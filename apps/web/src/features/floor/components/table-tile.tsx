import type { TFloorTable } from '@tavolo/contract/floor';
import { memo } from 'react';
import { Link } from 'react-router';
import { BellIcon, ClockIcon, UsersIcon } from '../../../components/ui/icons';
import { cn } from '../../../lib/cn';
import { formatMoney } from '../../../lib/format';
import { t } from '../../../lib/i18n/i18n';
import { formatElapsed } from '../../../lib/use-now';
import { minutesWaiting } from '../model/floor-tables';
import { TABLE_STATE_STYLES, TableStateBadge } from './table-state-badge';

/** Waiting this long for the oldest open order is worth a glance (amber), then a hurry (red). */
const WARNING_MINUTES = 15;
const LATE_MINUTES = 30;

/** A table on the floor: its number and state, covers, waiter, how long its oldest order waits, and what is due. */
export const TableTile = memo(function TableTile({
  table,
  currency,
  now,
  mine,
}: {
  table: TFloorTable;
  currency: string;
  now: number;
  /** Served by the signed-in person: says so for the tablet, where their tables are not apart. */
  mine: boolean;
}) {
  const waiting = minutesWaiting(table, now);
  const free = table.state === 'free';
  return (
    <li data-testid="table-tile" data-table-number={table.number} data-state={table.state}>
      <Link
        to={`/dashboard/floor/table/${table.id}`}
        className={cn(
          'flex h-full min-h-28 flex-col gap-2 rounded-xl border border-l-8 border-line p-3 shadow-sm transition-colors',
          'hover:border-accent-700 active:brightness-95',
          TABLE_STATE_STYLES[table.state].tile,
        )}
      >
        <span className="flex flex-col gap-0.5">
          <span className="flex items-start justify-between gap-2">
            <span className="text-2xl leading-none font-bold text-ink tabular-nums">
              <span className="sr-only">{t('floor.tile.table')} </span>
              {table.number}
            </span>
            <TableStateBadge state={table.state} />
          </span>
          {table.label ? <span className="truncate text-xs text-ink-muted">{table.label}</span> : null}
        </span>
        {free ? (
          <span className="text-sm text-ink-muted">
            {table.seats ? t('floor.tile.seats', { seats: table.seats }) : t('floor.tile.free')}
          </span>
        ) : (
          <>
            <span className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-ink">
              {/* A visit a guest's QR order opened has no head count: nothing rather than a guess. */}
              {table.covers === null ? null : (
                <span className="inline-flex items-center gap-1">
                  <UsersIcon className="size-4 text-ink-muted" />
                  {t('floor.tile.covers', { covers: table.covers })}
                </span>
              )}
              <span className={cn('min-w-0 truncate', mine && 'font-semibold')}>
                {mine ? t('floor.tile.you') : (table.waiter?.name ?? t('floor.tile.noWaiter'))}
              </span>
            </span>
            <span className="mt-auto flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
              {waiting !== null ? (
                <span
                  className={cn(
                    'inline-flex items-center gap-1 rounded-full px-1.5 py-0.5 text-xs font-semibold tabular-nums',
                    waiting >= LATE_MINUTES
                      ? 'bg-red-700 text-white'
                      : waiting >= WARNING_MINUTES
                        ? 'bg-amber-200 text-amber-950'
                        : 'bg-white/70 text-ink',
                  )}
                >
                  <ClockIcon className="size-3.5" />
                  <span className="sr-only">{t('floor.tile.waiting')} </span>
                  {formatElapsed(waiting)}
                </span>
              ) : (
                <span />
              )}
              {table.dueMinor > 0 ? (
                <span className="text-sm font-semibold text-ink tabular-nums">
                  {t('floor.tile.due', { due: formatMoney(table.dueMinor, currency) })}
                </span>
              ) : null}
            </span>
          </>
        )}
        {table.openRequests > 0 ? (
          <span className="inline-flex items-center gap-1 self-start rounded-full bg-red-700 px-2 py-0.5 text-xs font-semibold text-white">
            <BellIcon className="size-3.5" />
            {t('floor.tile.calls', { count: table.openRequests })}
          </span>
        ) : null}
      </Link>
    </li>
  );
});

/** Grey tiles where the tables will be. */
export function TableTilesSkeleton() {
  return (
    <ul role="status" aria-label={t('floor.screen.loading')} className={TILE_GRID}>
      {[0, 1, 2, 3, 4, 5].map((index) => (
        <li
          key={index}
          className="flex min-h-28 flex-col gap-3 rounded-xl border border-line bg-panel p-3 shadow-sm"
        >
          <div className="h-6 w-10 rounded bg-slate-100 motion-safe:animate-pulse" />
          <div className="h-4 w-24 rounded bg-slate-100 motion-safe:animate-pulse" />
          <div className="h-4 w-16 rounded bg-slate-100 motion-safe:animate-pulse" />
        </li>
      ))}
    </ul>
  );
}

/** Two tiles side by side on a phone, up to five on a wide screen. */
export const TILE_GRID = 'grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5';
