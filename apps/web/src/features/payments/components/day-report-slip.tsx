import type { TDayReport } from '@tavolo/contract/receipts';
import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn';
import { formatCalendarDate, formatDateTime, formatMoney } from '../../../lib/format';
import { formatRate } from '../../../lib/format-report';
import { t } from '../../../lib/i18n/i18n';
import { describeCashDifference, receiptRangeOf, taxRowsOf } from '../model/day-report';
import { methodLabel } from '../model/payment-list';

function Rule() {
  return <hr className="my-2 border-0 border-t border-dashed border-current opacity-40" />;
}

function Line({ label, value, strong = false }: { label: ReactNode; value: ReactNode; strong?: boolean }) {
  return (
    <div className={cn('flex items-baseline justify-between gap-3', strong && 'font-bold')}>
      <dt>{label}</dt>
      <dd className="shrink-0 text-right tabular-nums">{value}</dd>
    </div>
  );
}

/** A day's report on 80 mm paper, as a till prints its X or Z report. */
export function DayReportSlip({
  report,
  restaurantName,
  timezone,
}: {
  report: TDayReport;
  restaurantName: string;
  timezone: string;
}) {
  const money = (minor: number) => formatMoney(minor, report.currency);
  const range = receiptRangeOf(report);
  return (
    <article className="flex flex-col text-sm leading-snug break-words" data-testid="day-report-slip">
      <header className="flex flex-col items-center gap-0.5 text-center">
        <p className="text-base font-bold">{restaurantName}</p>
        <h2 className="text-base font-bold tracking-wide uppercase">
          {report.closed ? t('payments.report.zTitle') : t('payments.report.xTitle')}
        </h2>
        <p className="font-bold">{formatCalendarDate(report.date)}</p>
        <p className="text-xs">
          {t('payments.report.hours', {
            from: formatDateTime(report.from, timezone),
            to: formatDateTime(report.to, timezone),
          })}
        </p>
      </header>
      <Rule />
      <dl className="flex flex-col gap-0.5">
        <Line label={t('payments.report.orders')} value={report.orders} />
        <Line label={t('payments.report.covers')} value={report.covers} />
        <Line label={t('payments.report.gross')} value={money(report.grossMinor)} strong />
        <Line label={t('payments.report.net')} value={money(report.netMinor)} />
        <Line label={t('payments.report.tax')} value={money(report.taxMinor)} />
      </dl>
      <Rule />
      <table className="w-full border-collapse text-xs tabular-nums">
        <caption className="mb-0.5 text-left text-sm font-bold">{t('payments.report.taxesTitle')}</caption>
        <thead>
          <tr>
            <th scope="col" className="text-left font-semibold">
              {t('payments.report.rate')}
            </th>
            <th scope="col" className="text-right font-semibold">
              {t('payments.report.net')}
            </th>
            <th scope="col" className="text-right font-semibold">
              {t('payments.report.tax')}
            </th>
          </tr>
        </thead>
        <tbody>
          {taxRowsOf(report).map((part) => (
            <tr key={`${part.name}-${part.rateBasisPoints}`}>
              <th scope="row" className="text-left font-normal">
                {formatRate(part.rateBasisPoints)}
              </th>
              <td className="text-right">{money(part.netMinor)}</td>
              <td className="text-right">{money(part.taxMinor)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <Rule />
      <p className="text-sm font-bold">{t('payments.report.methodsTitle')}</p>
      <dl className="flex flex-col gap-0.5">
        {report.byMethod.map((method) => (
          <Line
            key={method.method}
            label={t('payments.report.methodCount', {
              method: methodLabel(method.method),
              count: method.count,
            })}
            value={money(method.amountMinor)}
          />
        ))}
        <Line label={t('payments.report.refunds')} value={money(report.refundsMinor)} />
      </dl>
      <Rule />
      <dl className="flex flex-col gap-0.5">
        <Line label={t('payments.report.serviceCharge')} value={money(report.serviceChargeMinor)} />
        <Line label={t('payments.report.discounts')} value={money(report.discountsMinor)} />
        <Line
          label={t('payments.report.voids', { count: report.voids.count })}
          value={money(report.voids.amountMinor)}
        />
        <Line label={t('payments.report.tips')} value={money(report.tipsMinor)} />
        <Line
          label={
            <>
              {t('payments.report.receipts')}
              {range ? <span className="block text-xs tabular-nums">{range}</span> : null}
            </>
          }
          value={report.receipts.count}
        />
        <Line label={t('payments.report.creditNotes')} value={report.creditNotes} />
      </dl>
      <Rule />
      <dl className="flex flex-col gap-0.5">
        <Line label={t('payments.report.cashExpected')} value={money(report.cashExpectedMinor)} strong />
        {report.closed && report.cashCountedMinor !== null ? (
          <Line label={t('payments.report.cashCounted')} value={money(report.cashCountedMinor)} strong />
        ) : null}
      </dl>
      {report.closed && report.cashDifferenceMinor !== null ? (
        <p className="font-bold">{describeCashDifference(report.cashDifferenceMinor, report.currency)}</p>
      ) : null}
      {report.closed && report.closedAt ? (
        <>
          <Rule />
          <p className="text-xs">
            {t('payments.report.closedBy', {
              name: report.closedBy?.name ?? '—',
              at: formatDateTime(report.closedAt, timezone),
            })}
          </p>
          {report.note ? (
            <p className="text-xs">
              {t('payments.report.note')} {report.note}
            </p>
          ) : null}
        </>
      ) : (
        <p className="mt-2 text-center text-xs font-bold">{t('payments.report.notClosed')}</p>
      )}
    </article>
  );
}
