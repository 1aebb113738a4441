import type { TDayReport } from '@tavolo/contract/receipts';
import { type ReactNode, useCallback } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClassName } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { HistoryIcon, PrinterIcon } from '../../../components/ui/icons';
import { PageHeader } from '../../../components/ui/page-header';
import { Pagination } from '../../../components/ui/pagination';
import { PrintSlip } from '../../../components/ui/print-slip';
import { QueryError } from '../../../components/ui/query-error';
import { Loading } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { isCalendarDate } from '../../../lib/calendar-days';
import { cn } from '../../../lib/cn';
import { useCan, useCurrentSession } from '../../../lib/current-session';
import { t } from '../../../lib/i18n/i18n';
import { pageWindowOf } from '../../../lib/page-window';
import { useClosedDays } from '../api/get-closed-days';
import { useDayReport } from '../api/get-day-report';
import { CloseDayForm } from '../components/close-day-form';
import { ClosedDaysList } from '../components/closed-days-list';
import { DayReportSlip } from '../components/day-report-slip';
import { DayReportView } from '../components/day-report-view';
import { OpenAtClose } from '../components/open-at-close';
import { PaymentsAreaTabs } from '../components/payments-area-tabs';
import { useBusinessDay } from '../components/use-business-day';
import { openAtCloseOf } from '../model/day-report';
import { CLOSED_DAYS_PAGE_SIZE } from '../model/receipt-list';

/** The day shown (?date=, the current business day by default) and the closed days' page, in the URL. */
function useCloseDayView(today: string) {
  const [params, setParams] = useSearchParams();
  const asked = params.get('date') ?? '';
  const date = isCalendarDate(asked) ? asked : today;
  const page = Math.max(1, Math.floor(Number(params.get('page')) || 1));
  const setDate = useCallback(
    (next: string) =>
      setParams(
        (current) => {
          const search = new URLSearchParams(current);
          if (next && next !== today) search.set('date', next);
          else search.delete('date');
          return search;
        },
        { replace: true },
      ),
    [setParams, today],
  );
  const setPage = useCallback(
    (next: number) =>
      setParams((current) => {
        const search = new URLSearchParams(current);
        if (next > 1) search.set('page', String(next));
        else search.delete('page');
        return search;
      }),
    [setParams],
  );
  return { date, page, setDate, setPage };
}

function DayReportSection({ report }: { report: TDayReport }) {
  const { restaurant } = useCurrentSession();
  const canClose = useCan('payments.manage');
  const open = openAtCloseOf(report);
  return (
    <div className="flex flex-col gap-6">
      {report.closed ? (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-ink-muted">{t('payments.close.closedNote')}</p>
          <Button variant="secondary" onClick={() => window.print()}>
            <PrinterIcon />
            {t('payments.close.printZ')}
          </Button>
        </div>
      ) : null}
      {open && !report.closed ? <OpenAtClose open={open} currency={report.currency} closed={false} /> : null}
      <DayReportView report={report} timezone={restaurant.timezone} />
      {open && report.closed ? <OpenAtClose open={open} currency={report.currency} closed /> : null}
      {report.closed ? null : canClose ? (
        <CloseDayForm key={report.date} report={report} />
      ) : (
        <Alert tone="info">{t('payments.close.noPermission')}</Alert>
      )}
      {report.closed ? (
        <PrintSlip testId="z-report-print">
          <DayReportSlip report={report} restaurantName={restaurant.name} timezone={restaurant.timezone} />
        </PrintSlip>
      ) : null}
    </div>
  );
}

function ClosedDaysSection({ page, onPage }: { page: number; onPage: (page: number) => void }) {
  const { restaurant } = useCurrentSession();
  const days = useClosedDays(page, CLOSED_DAYS_PAGE_SIZE);
  const data = days.data;
  const { pageCount } = pageWindowOf(data);

  let content: ReactNode;
  if (days.isPending) content = <Loading />;
  else if (days.isError && !data)
    content = (
      <QueryError
        title={t('payments.days.loadError')}
        error={days.error}
        retrying={days.isFetching}
        onRetry={() => void days.refetch()}
      />
    );
  else if (data && data.items.length === 0)
    content = (
      <EmptyState
        icon={<HistoryIcon />}
        title={data.total > 0 ? t('payments.days.emptyPage') : t('payments.days.emptyTitle')}
        description={data.total > 0 ? undefined : t('payments.days.emptyDescription')}
        action={
          data.total > 0 ? (
            <Button variant="secondary" onClick={() => onPage(1)}>
              {t('payments.days.firstPage')}
            </Button>
          ) : undefined
        }
      />
    );
  else if (data)
    content = (
      <div className="flex flex-col gap-4">
        <div
          aria-busy={days.isFetching || undefined}
          className={cn('transition-opacity', days.isPlaceholderData && 'opacity-60')}
        >
          <ClosedDaysList days={data.items} currency={restaurant.currency} timezone={restaurant.timezone} />
        </div>
        <Pagination
          label={t('payments.days.pages')}
          page={data.page}
          pageCount={pageCount}
          onPageChange={onPage}
        />
      </div>
    );

  return (
    <section aria-labelledby="closed-days-title" className="flex flex-col gap-4">
      <h2 id="closed-days-title" className="text-lg font-semibold text-ink">
        {t('payments.days.title')}
      </h2>
      {content}
    </section>
  );
}

function CloseDayView({ today }: { today: string }) {
  const { date, page, setDate, setPage } = useCloseDayView(today);
  const report = useDayReport(date);

  let content: ReactNode;
  if (report.data) content = <DayReportSection report={report.data} />;
  else if (report.isError)
    content = (
      <QueryError
        title={t('payments.close.loadError')}
        error={report.error}
        retrying={report.isFetching}
        onRetry={() => void report.refetch()}
      />
    );
  else content = <Loading />;

  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-col gap-6">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <TextField
            className="sm:w-56"
            label={t('payments.close.day')}
            type="date"
            value={date}
            max={today}
            onChange={(event) => setDate(event.target.value)}
          />
          {date !== today ? (
            <Link
              to="/dashboard/payments/close-day"
              className={buttonClassName('ghost', 'self-start sm:self-auto')}
            >
              {t('payments.close.today')}
            </Link>
          ) : null}
        </div>
        {content}
      </div>
      <ClosedDaysSection page={page} onPage={setPage} />
    </div>
  );
}

/** The day's close: the live X report, the cash counted, the frozen Z report, and the closed days. */
export function CloseDayScreen() {
  const { today } = useBusinessDay();
  return (
    <>
      <PageHeader title={t('payments.close.title')} description={t('payments.close.description')} />
      <PaymentsAreaTabs />
      {today ? <CloseDayView today={today} /> : <Loading />}
    </>
  );
}
