import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header';
import { SegmentedControl } from '../../../components/ui/segmented-control';
import { t } from '../../../lib/i18n/i18n';
import { DishesCard } from '../components/dishes-card';
import { OrderSummaryCard } from '../components/order-summary-card';
import { PrepTimesCard } from '../components/prep-times-card';
import { RevenueSection } from '../components/revenue-section';
import { SetupChecklist } from '../components/setup-checklist';
import { TodayStats } from '../components/today-stats';
import {
  type OverviewView,
  periodSegments,
  readOverviewView,
  writeOverviewView,
} from '../model/overview-view';

/** The period and the year live in the URL: a reload or a shared link finds the same view. */
function useOverviewView() {
  const [params, setParams] = useSearchParams();
  const view = readOverviewView(params);
  const setView = useCallback(
    (change: Partial<OverviewView>) =>
      setParams((current) => writeOverviewView(current, change), { replace: true }),
    [setParams],
  );
  return { view, setView };
}

/**
 * Today at a glance, against the same weekday last week; today's prep times; revenue by month; orders and dishes for a
 * period. Each section loads, fails and retries on its own: one failing call blanks nothing else.
 */
export function OverviewScreen() {
  const { view, setView } = useOverviewView();
  return (
    <>
      <PageHeader title={t('overview.screen.title')} description={t('overview.screen.description')} />
      <div className="flex flex-col gap-8">
        <SetupChecklist />
        <TodayStats />
        <PrepTimesCard />
        <RevenueSection year={view.year} onYear={(year) => setView({ year })} />
        <section aria-labelledby="period-heading" className="flex flex-col gap-3">
          <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
            <h2 id="period-heading" className="text-lg font-semibold text-ink">
              {t('overview.period.heading')}
            </h2>
            <SegmentedControl
              className="sm:w-96"
              legend={t('overview.period.legend')}
              legendHidden
              segments={periodSegments()}
              value={view.period}
              onChange={(period) => setView({ period })}
            />
          </div>
          <div className="grid gap-4 lg:grid-cols-2">
            <OrderSummaryCard period={view.period} />
            <DishesCard period={view.period} />
          </div>
        </section>
      </div>
    </>
  );
}
