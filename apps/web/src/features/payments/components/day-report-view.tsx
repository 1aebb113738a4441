import type { TDayReport } from '@tavolo/contract/receipts';
import type { ReactNode } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Card } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';
import { formatCalendarDate, formatDateTime, formatMoney } from '../../../lib/format';
import { formatRate } from '../../../lib/format-report';
import { t } from '../../../lib/i18n/i18n';
import { cashDifferenceState } from '../model/cash-count';
import { DIFFERENCE_TONES, describeCashDifference, receiptRangeOf, taxRowsOf } from '../model/day-report';
import { methodLabel } from '../model/payment-list';

function Figure({
  label,
  value,
  detail,
  testId,
}: {
  label: string;
  value: ReactNode;
  detail?: ReactNode;
  testId?: string;
}) {
  return (
    <div className="flex min-w-0 flex-col gap-0.5 rounded-lg bg-surface p-3" data-testid={testId}>
      <dt className="text-xs font-medium text-ink-muted">{label}</dt>
      <dd className="text-lg font-semibold break-words text-ink tabular-nums">{value}</dd>
      {detail ? <dd className="text-xs text-ink-muted">{detail}</dd> : null}
    </div>
  );
}

function Row({ label, value, strong = false }: { label: ReactNode; value: ReactNode; strong?: boolean }) {
  return (
    <div className={cn('flex items-baseline justify-between gap-4 py-1.5', strong && 'font-semibold')}>
      <dt className="text-ink-muted">{label}</dt>
      <dd className="shrink-0 text-right text-ink tabular-nums">{value}</dd>
    </div>
  );
}

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card padding="compact" className="flex min-w-0 flex-col gap-2">
      <h3 className="text-base font-semibold text-ink">{title}</h3>
      {children}
    </Card>
  );
}

/**
 * A business day's report laid out to be read at a glance: the X report while the day is open
 * (figures as they stand), the Z report once closed (frozen, with the cash counted).
 */
export function DayReportView({ report, timezone }: { report: TDayReport; timezone: string }) {
  const money = (minor: number) => formatMoney(minor, report.currency);
  const taxes = taxRowsOf(report);
  const range = receiptRangeOf(report);
  const headingId = `day-report-${report.date}`;

  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-4"
      data-testid="day-report"
      data-closed={report.closed}
    >
      <div className="flex flex-col gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <h2 id={headingId} className="text-lg font-semibold text-ink">
            {report.closed ? t('payments.report.zTitle') : t('payments.report.xTitle')}
          </h2>
          {report.closed ? (
            <Badge tone="success">{t('payments.report.closedBadge')}</Badge>
          ) : (
            <Badge tone="warning">{t('payments.report.liveBadge')}</Badge>
          )}
        </div>
        <p className="text-sm font-medium text-ink">{formatCalendarDate(report.date)}</p>
        <p className="text-sm text-ink-muted">
          {t('payments.report.hours', {
            from: formatDateTime(report.from, timezone),
            to: formatDateTime(report.to, timezone),
          })}
        </p>
      </div>

      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        <Figure label={t('payments.report.gross')} value={money(report.grossMinor)} testId="report-gross" />
        <Figure label={t('payments.report.net')} value={money(report.netMinor)} />
        <Figure label={t('payments.report.tax')} value={money(report.taxMinor)} testId="report-tax" />
        <Figure label={t('payments.report.tips')} value={money(report.tipsMinor)} />
        <Figure label={t('payments.report.orders')} value={report.orders} />
        <Figure label={t('payments.report.covers')} value={report.covers} />
        <Figure
          label={t('payments.report.receipts')}
          value={report.receipts.count}
          detail={range ?? undefined}
        />
        <Figure label={t('payments.report.creditNotes')} value={report.creditNotes} />
      </dl>

      <div className="grid gap-4 lg:grid-cols-2">
        <Panel title={t('payments.report.taxesTitle')}>
          {taxes.length === 0 ? (
            <p className="text-sm text-ink-muted">
              {/* Sales with no tax rate set carry no VAT: not "nothing sold". */}
              {report.grossMinor === 0 ? t('payments.report.noSales') : t('payments.report.noTaxRates')}
            </p>
          ) : (
            <div className="-mx-1 overflow-x-auto">
              <table className="w-full text-sm tabular-nums" data-testid="report-taxes">
                <thead className="text-xs text-ink-muted">
                  <tr>
                    <th scope="col" className="px-1 py-1 text-left font-medium">
                      {t('payments.report.rate')}
                    </th>
                    <th scope="col" className="px-1 py-1 text-right font-medium">
                      {t('payments.report.net')}
                    </th>
                    <th scope="col" className="px-1 py-1 text-right font-medium">
                      {t('payments.report.tax')}
                    </th>
                    <th scope="col" className="px-1 py-1 text-right font-medium">
                      {t('payments.report.gross')}
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-line">
                  {taxes.map((part) => (
                    <tr key={`${part.name}-${part.rateBasisPoints}`} data-testid="report-tax-row">
                      <th scope="row" className="px-1 py-1.5 text-left font-normal">
                        <span className="font-medium">{formatRate(part.rateBasisPoints)}</span>{' '}
                        <span className="text-ink-muted">{part.name}</span>
                      </th>
                      <td className="px-1 py-1.5 text-right">{money(part.netMinor)}</td>
                      <td className="px-1 py-1.5 text-right">{money(part.taxMinor)}</td>
                      <td className="px-1 py-1.5 text-right">{money(part.grossMinor)}</td>
                    </tr>
                  ))}
                </tbody>
                <tfoot className="border-t-2 border-line font-semibold">
                  <tr>
                    <th scope="row" className="px-1 py-1.5 text-left">
                      {t('payments.report.total')}
                    </th>
                    <td className="px-1 py-1.5 text-right">{money(report.netMinor)}</td>
                    <td className="px-1 py-1.5 text-right">{money(report.taxMinor)}</td>
                    <td className="px-1 py-1.5 text-right">{money(report.grossMinor)}</td>
                  </tr>
                </tfoot>
              </table>
            </div>
          )}
        </Panel>

        <Panel title={t('payments.report.methodsTitle')}>
          {report.byMethod.length === 0 ? (
            <p className="text-sm text-ink-muted">{t('payments.report.noPayments')}</p>
          ) : (
            <dl className="divide-y divide-line text-sm" data-testid="report-methods">
              {report.byMethod.map((method) => (
                <Row
                  key={method.method}
                  label={t('payments.report.methodCount', {
                    method: methodLabel(method.method),
                    count: method.count,
                  })}
                  value={money(method.amountMinor)}
                />
              ))}
            </dl>
          )}
        </Panel>

        <Panel title={t('payments.report.adjustmentsTitle')}>
          <dl className="divide-y divide-line text-sm">
            <Row label={t('payments.report.serviceCharge')} value={money(report.serviceChargeMinor)} />
            <Row label={t('payments.report.discounts')} value={money(report.discountsMinor)} />
            <Row
              label={t('payments.report.voids', { count: report.voids.count })}
              value={money(report.voids.amountMinor)}
            />
            <Row label={t('payments.report.refunds')} value={money(report.refundsMinor)} />
          </dl>
        </Panel>

        <Panel title={t('payments.report.cashTitle')}>
          <dl className="divide-y divide-line text-sm">
            <Row label={t('payments.report.cashExpected')} value={money(report.cashExpectedMinor)} strong />
            {report.closed && report.cashCountedMinor !== null ? (
              <Row label={t('payments.report.cashCounted')} value={money(report.cashCountedMinor)} strong />
            ) : null}
          </dl>
          {report.closed && report.cashDifferenceMinor !== null ? (
            <p
              className={cn(
                'rounded-lg border px-3 py-2 text-sm font-semibold',
                DIFFERENCE_TONES[cashDifferenceState(report.cashDifferenceMinor)],
              )}
              data-testid="report-difference"
            >
              {describeCashDifference(report.cashDifferenceMinor, report.currency)}
            </p>
          ) : null}
          {report.closed && report.closedAt ? (
            <p className="text-sm text-ink-muted" data-testid="report-closed-by">
              {t('payments.report.closedBy', {
                name: report.closedBy?.name ?? '—',
                at: formatDateTime(report.closedAt, timezone),
              })}
            </p>
          ) : null}
          {report.note ? (
            <p className="text-sm text-ink">
              <span className="font-medium">{t('payments.report.note')}</span> {report.note}
            </p>
          ) : null}
        </Panel>
      </div>
    </section>
  );
}
