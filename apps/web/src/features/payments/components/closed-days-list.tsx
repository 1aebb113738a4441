import type { TClosedDay } from '@tavolo/contract/receipts';
import { Link } from 'react-router';
import { Card } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { formatShortDate } from '../../../lib/format-report';
import { t } from '../../../lib/i18n/i18n';
import { cashDifferenceState } from '../model/cash-count';

export const dayPath = (date: string) => `/dashboard/payments/close-day?date=${encodeURIComponent(date)}`;

const DIFFERENCE_TEXT = { even: 'text-green-800', over: 'text-green-800', short: 'text-red-700' } as const;

/** A signed amount: "+€0.50", "−€1.50", "€0.00". */
function signedMoney(minor: number, currency: string): string {
  const amount = formatMoney(Math.abs(minor), currency);
  return minor > 0 ? `+${amount}` : minor < 0 ? `−${amount}` : amount;
}

function DayLink({ day }: { day: TClosedDay }) {
  return (
    <Link
      to={dayPath(day.date)}
      className="inline-flex min-h-11 items-center font-semibold text-accent-800 underline-offset-2 hover:underline"
      aria-label={t('payments.days.open', { date: formatShortDate(day.date) })}
    >
      {formatShortDate(day.date)}
    </Link>
  );
}

/** The closed business days, newest first, each opening its Z report. */
export function ClosedDaysList({
  days,
  currency,
  timezone,
}: {
  days: readonly TClosedDay[];
  currency: string;
  timezone: string;
}) {
  const money = (minor: number) => formatMoney(minor, currency);
  return (
    <>
      <Card padding="none" className="hidden overflow-x-auto lg:block">
        <table className="w-full text-left text-sm">
          <thead className="border-b border-line bg-surface text-xs font-medium tracking-wide text-ink-muted uppercase">
            <tr>
              <th scope="col" className="px-3 py-3 font-medium">
                {t('payments.days.date')}
              </th>
              <th scope="col" className="px-3 py-3 text-right font-medium">
                {t('payments.days.gross')}
              </th>
              <th scope="col" className="px-3 py-3 text-right font-medium">
                {t('payments.days.tax')}
              </th>
              <th scope="col" className="px-3 py-3 text-right font-medium">
                {t('payments.days.cashExpected')}
              </th>
              <th scope="col" className="px-3 py-3 text-right font-medium">
                {t('payments.days.cashCounted')}
              </th>
              <th scope="col" className="px-3 py-3 text-right font-medium">
                {t('payments.days.difference')}
              </th>
              <th scope="col" className="px-3 py-3 font-medium">
                {t('payments.days.closed')}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {days.map((day) => (
              <tr key={day.date} data-testid="closed-day-row">
                <td className="px-3 py-1 whitespace-nowrap">
                  <DayLink day={day} />
                </td>
                <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">
                  {money(day.grossMinor)}
                </td>
                <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">{money(day.taxMinor)}</td>
                <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">
                  {money(day.cashExpectedMinor)}
                </td>
                <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">
                  {money(day.cashCountedMinor)}
                </td>
                <td
                  className={cn(
                    'px-3 py-2 text-right font-medium whitespace-nowrap tabular-nums',
                    DIFFERENCE_TEXT[cashDifferenceState(day.cashDifferenceMinor)],
                  )}
                >
                  {signedMoney(day.cashDifferenceMinor, currency)}
                </td>
                <td className="px-3 py-2 text-ink-muted">
                  <span className="block max-w-48 truncate text-ink">{day.closedBy.name}</span>
                  <time dateTime={day.closedAt} className="text-xs whitespace-nowrap">
                    {formatDateTime(day.closedAt, timezone)}
                  </time>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </Card>

      <ul className="flex flex-col gap-3 lg:hidden">
        {days.map((day) => (
          <li
            key={day.date}
            data-testid="closed-day-card"
            className="flex flex-col gap-2 rounded-xl border border-line bg-panel p-4 shadow-sm"
          >
            <div className="flex items-start justify-between gap-3">
              <DayLink day={day} />
              <span className="shrink-0 pt-3 font-semibold text-ink tabular-nums">
                {money(day.grossMinor)}
              </span>
            </div>
            <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
              <dt className="text-ink-muted">{t('payments.days.tax')}</dt>
              <dd className="text-right tabular-nums">{money(day.taxMinor)}</dd>
              <dt className="text-ink-muted">{t('payments.days.cashExpected')}</dt>
              <dd className="text-right tabular-nums">{money(day.cashExpectedMinor)}</dd>
              <dt className="text-ink-muted">{t('payments.days.cashCounted')}</dt>
              <dd className="text-right tabular-nums">{money(day.cashCountedMinor)}</dd>
              <dt className="text-ink-muted">{t('payments.days.difference')}</dt>
              <dd
                className={cn(
                  'text-right font-medium tabular-nums',
                  DIFFERENCE_TEXT[cashDifferenceState(day.cashDifferenceMinor)],
                )}
              >
                {signedMoney(day.cashDifferenceMinor, currency)}
              </dd>
            </dl>
            <p className="border-t border-line pt-2 text-sm text-ink-muted">
              {t('payments.days.closedBy', {
                name: day.closedBy.name,
                at: formatDateTime(day.closedAt, timezone),
              })}
            </p>
          </li>
        ))}
      </ul>
    </>
  );
}
