import type { TAuditEntry } from '@tavolo/contract/audit';
import type { ReactNode } from 'react';
import { Card } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { t } from '../../../lib/i18n/i18n';
import { kindLabel, personName, reasonLabel } from '../model/activity-view';
import { describeDetails } from '../model/entry-details';

interface RowContext {
  currency: string;
  timezone: string;
}

/** "Order #12 · Table 4", "Table 4" (a bill), or nothing. */
function whereOf(entry: TAuditEntry): string | null {
  if (entry.orderNumber !== null && entry.tableNumber !== null)
    return t('audit.list.orderAtTable', { order: entry.orderNumber, table: entry.tableNumber });
  if (entry.orderNumber !== null) return t('audit.list.order', { order: entry.orderNumber });
  if (entry.tableNumber !== null) return t('audit.list.table', { table: entry.tableNumber });
  return null;
}

/** The reason and the details, one line. */
function aboutOf(entry: TAuditEntry, currency: string): string | null {
  const parts = [
    reasonLabel(entry.kind, entry.reason),
    ...describeDetails(entry.kind, entry.details, currency),
  ];
  const said = parts.filter((part): part is string => Boolean(part));
  return said.length > 0 ? said.join(' · ') : null;
}

const amountOf = (entry: TAuditEntry, currency: string) =>
  entry.amountMinor === null ? null : formatMoney(entry.amountMinor, currency);

type Column = {
  key: string;
  title: () => string;
  className?: string;
  cell: (entry: TAuditEntry, context: RowContext) => ReactNode;
};

const DASH = '—';

const COLUMNS: readonly Column[] = [
  {
    key: 'time',
    title: () => t('audit.list.time'),
    className: 'whitespace-nowrap text-ink-muted',
    cell: (entry, { timezone }) => <time dateTime={entry.at}>{formatDateTime(entry.at, timezone)}</time>,
  },
  {
    // What happened, and below it why and what else it carries.
    key: 'what',
    title: () => t('audit.list.what'),
    className: 'min-w-48',
    cell: (entry, { currency }) => {
      const about = aboutOf(entry, currency);
      return (
        <>
          <span className="block font-medium text-ink">{kindLabel(entry.kind)}</span>
          {about ? (
            <span className="block text-ink-muted" data-testid="activity-about">
              {about}
            </span>
          ) : null}
        </>
      );
    },
  },
  {
    // Who did it, and below it who approved it.
    key: 'who',
    title: () => t('audit.list.who'),
    className: 'min-w-32',
    cell: (entry) => (
      <>
        <span className="block text-ink">{personName(entry.actor)}</span>
        {entry.approvedBy ? (
          <span className="block text-ink-muted" data-testid="activity-approver">
            {t('audit.list.approvedByName', { approver: personName(entry.approvedBy) })}
          </span>
        ) : null}
      </>
    ),
  },
  {
    key: 'where',
    title: () => t('audit.list.where'),
    className: 'whitespace-nowrap tabular-nums',
    cell: (entry) => whereOf(entry) ?? DASH,
  },
  {
    key: 'amount',
    title: () => t('audit.list.amount'),
    className: 'text-right whitespace-nowrap tabular-nums font-medium',
    cell: (entry, { currency }) => amountOf(entry, currency) ?? DASH,
  },
];

/** The log, newest first: a table where there is room, cards on a phone. */
export function ActivityList({ entries, ...context }: RowContext & { entries: readonly TAuditEntry[] }) {
  return (
    <>
      <Card padding="none" className="hidden overflow-x-auto lg:block">
        <table className="w-full text-left text-sm">
          <thead className="border-b border-line bg-surface text-xs font-medium tracking-wide text-ink-muted uppercase">
            <tr>
              {COLUMNS.map((column) => (
                <th
                  key={column.key}
                  scope="col"
                  className={cn('px-3 py-3', column.className, 'font-medium text-ink-muted')}
                >
                  {column.title()}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {entries.map((entry) => (
              <tr key={entry.id} data-testid="activity-row">
                {COLUMNS.map((column) => (
                  <td key={column.key} className={cn('px-3 py-2 align-top', column.className)}>
                    {column.cell(entry, context)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </Card>

      <ul className="flex flex-col gap-3 lg:hidden">
        {entries.map((entry) => {
          const where = whereOf(entry);
          const amount = amountOf(entry, context.currency);
          const about = aboutOf(entry, context.currency);
          return (
            <li
              key={entry.id}
              data-testid="activity-card"
              className="flex flex-col gap-1.5 rounded-xl border border-line bg-panel p-4 shadow-sm"
            >
              <div className="flex items-start justify-between gap-3">
                <p className="font-semibold text-ink">{kindLabel(entry.kind)}</p>
                {amount ? (
                  <p className="font-semibold whitespace-nowrap text-ink tabular-nums">{amount}</p>
                ) : null}
              </div>
              <p className="text-sm text-ink-muted">
                <time dateTime={entry.at}>{formatDateTime(entry.at, context.timezone)}</time>
                {where ? ` · ${where}` : null}
              </p>
              <p className="text-sm text-ink">
                {entry.approvedBy
                  ? t('audit.list.byApprovedBy', {
                      who: personName(entry.actor),
                      approver: personName(entry.approvedBy),
                    })
                  : t('audit.list.by', { who: personName(entry.actor) })}
              </p>
              {about ? <p className="text-sm text-ink-muted">{about}</p> : null}
            </li>
          );
        })}
      </ul>
    </>
  );
}

/** The list's place while it loads. */
export function ActivityListSkeleton() {
  return (
    <div aria-hidden="true" className="flex flex-col gap-2" data-testid="activity-skeleton">
      {[0, 1, 2, 3, 4].map((row) => (
        <div key={row} className="h-14 rounded-xl bg-slate-100 motion-safe:animate-pulse" />
      ))}
    </div>
  );
}
