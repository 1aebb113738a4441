import { Badge } from '../../../components/ui/badge';
import { cn } from '../../../lib/cn';
import { formatMoney, formatTimeOfDay } from '../../../lib/format';
import { t } from '../../../lib/i18n/i18n';
import type { BillRow } from '../model/table-bills';

function Figure({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    // Spans: it sits inside a button, where only phrasing content is allowed.
    <span className="flex flex-col">
      <span className="text-xs font-medium text-ink-muted">{label}</span>
      <span className={cn('text-base tabular-nums', strong ? 'font-semibold text-ink' : 'text-ink')}>
        {value}
      </span>
    </span>
  );
}

/** One card per table: what the bill comes to and what is still due; a tap opens it. */
export function BillList({
  rows,
  currency,
  timezone,
  onOpen,
}: {
  rows: readonly BillRow[];
  currency: string;
  timezone: string;
  onOpen: (row: Extract<BillRow, { kind: 'open' }>) => void;
}) {
  const money = (minor: number) => formatMoney(minor, currency);
  return (
    <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
      {rows.map((row) => {
        if (row.kind === 'settled') {
          const { settled } = row;
          return (
            <li
              key={`settled-${settled.visitId}`}
              data-testid="table-bill"
              data-table-number={row.tableNumber}
              data-status="settled"
              className="flex flex-col gap-3 rounded-xl border border-green-200 bg-green-50 p-4"
            >
              <div className="flex flex-wrap items-center gap-2">
                <h3 className="text-xl font-semibold text-ink">
                  {t('table-service.table', { table: row.tableNumber })}
                </h3>
                <Badge tone="success">{t('table-service.list.settled')}</Badge>
              </div>
              <p className="grid grid-cols-2 gap-2">
                <Figure label={t('table-service.total')} value={money(settled.totalMinor)} />
                <Figure label={t('table-service.paid')} value={money(settled.paidMinor)} />
              </p>
              <p className="text-sm text-green-800">{t('table-service.list.visitEnded')}</p>
            </li>
          );
        }
        const { bill } = row;
        const paidInFull = bill.dueMinor === 0;
        return (
          <li
            key={bill.visitId}
            data-testid="table-bill"
            data-table-number={row.tableNumber}
            data-status={paidInFull ? 'paid' : 'open'}
          >
            <button
              type="button"
              onClick={() => onOpen(row)}
              className={cn(
                'flex min-h-11 w-full flex-col gap-3 rounded-xl border bg-panel p-4 text-left shadow-sm transition-colors',
                'hover:border-accent-700 hover:bg-slate-50 active:bg-slate-100',
                paidInFull ? 'border-green-300' : 'border-line',
              )}
            >
              <span className="flex w-full flex-wrap items-center gap-2">
                <span className="text-xl font-semibold text-ink">
                  {t('table-service.table', { table: row.tableNumber })}
                </span>
                {paidInFull ? (
                  <Badge tone="success">{t('table-service.list.paidInFull')}</Badge>
                ) : (
                  <Badge tone="warning">{t('table-service.list.due', { due: money(bill.dueMinor) })}</Badge>
                )}
                <span className="ml-auto text-sm text-ink-muted">
                  <time dateTime={bill.openedAt}>
                    {t('table-service.list.openSince', { time: formatTimeOfDay(bill.openedAt, timezone) })}
                  </time>
                </span>
              </span>
              <span className="grid w-full grid-cols-3 gap-2">
                <Figure
                  label={t('table-service.list.orders', { count: bill.orders })}
                  value={money(bill.totalMinor)}
                />
                <Figure label={t('table-service.paid')} value={money(bill.paidMinor)} />
                <Figure label={t('table-service.due')} value={money(bill.dueMinor)} strong />
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/** Three grey cards where the bills will be. */
export function BillListSkeleton() {
  return (
    <ul
      role="status"
      aria-label={t('table-service.list.loading')}
      className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3"
    >
      {[0, 1, 2].map((index) => (
        <li key={index} className="flex flex-col gap-3 rounded-xl border border-line bg-panel p-4 shadow-sm">
          <div className="h-6 w-28 rounded bg-slate-100 motion-safe:animate-pulse" />
          <div className="grid grid-cols-3 gap-2">
            <div className="h-10 rounded bg-slate-100 motion-safe:animate-pulse" />
            <div className="h-10 rounded bg-slate-100 motion-safe:animate-pulse" />
            <div className="h-10 rounded bg-slate-100 motion-safe:animate-pulse" />
          </div>
        </li>
      ))}
    </ul>
  );
}
