import type { ReactNode } from 'react';
import { Card } from '../../../components/ui/card';
import { QueryError } from '../../../components/ui/query-error';
import { formatDuration } from '../../../lib/format';
import { useTodayKitchenStats } from '../../../lib/get-kitchen-stats';
import { t } from '../../../lib/i18n/i18n';
import {
  type DishPrepTime,
  hasPrepTimes,
  type StationPrepTime,
  slowestDishes,
  stationsWithLines,
} from '../model/prep-times';

/** One table of prep times: a name, how many lines, the average and the time 9 in 10 were ready within. */
function PrepTable({
  caption,
  nameHeader,
  rows,
  testId,
}: {
  caption: string;
  nameHeader: string;
  rows: readonly (StationPrepTime | DishPrepTime)[];
  testId: string;
}) {
  return (
    <table className="w-full table-fixed text-sm" data-testid={testId}>
      <caption className="mb-1 text-left text-sm font-semibold text-ink">{caption}</caption>
      <thead>
        <tr className="text-xs text-ink-muted">
          <th scope="col" className="py-1 text-left font-medium">
            {nameHeader}
          </th>
          <th scope="col" className="w-20 py-1 text-right font-medium sm:w-24">
            {t('overview.prep.average')}
          </th>
          <th scope="col" className="w-20 py-1 text-right font-medium sm:w-24">
            {t('overview.prep.p90')}
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-line">
        {rows.map((row) => (
          <tr key={'stationId' in row ? row.stationId : row.menuItemId}>
            <th scope="row" className="truncate py-1.5 text-left font-normal text-ink" title={row.name}>
              {row.name}
              <span className="block text-xs text-ink-muted">
                {t('overview.prep.lines', { count: row.lines })}
              </span>
            </th>
            <td className="py-1.5 text-right font-medium text-ink tabular-nums">
              {formatDuration(row.avgSeconds)}
            </td>
            <td className="py-1.5 text-right text-ink-muted tabular-nums">
              {formatDuration(row.p90Seconds)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * Today's prep times, from a course sent to the kitchen to ready: each station's average and the
 * time 9 in 10 lines were ready within, and the five slowest dishes. A plain table: no chart to load.
 */
export function PrepTimesCard() {
  const stats = useTodayKitchenStats();
  const data = stats.data;

  let body: ReactNode;
  if (stats.isPending) {
    body = (
      <div aria-busy="true" className="flex flex-col gap-2">
        <p className="sr-only">{t('overview.prep.loading')}</p>
        {[0, 1, 2].map((row) => (
          <div key={row} aria-hidden="true" className="h-6 rounded bg-slate-100 motion-safe:animate-pulse" />
        ))}
      </div>
    );
  } else if (!data) {
    body = (
      <QueryError
        title={t('overview.prep.loadError')}
        error={stats.error}
        retrying={stats.isFetching}
        onRetry={() => void stats.refetch()}
      />
    );
  } else if (!hasPrepTimes(data)) {
    body = (
      <p
        className="rounded-lg bg-surface px-4 py-4 text-center text-sm text-ink-muted"
        data-testid="prep-times-empty"
      >
        {t('overview.prep.empty')}
      </p>
    );
  } else {
    const stations = stationsWithLines(data);
    const dishes = slowestDishes(data);
    body = (
      <div className="grid gap-4 md:grid-cols-2">
        {stations.length > 0 ? (
          <PrepTable
            caption={t('overview.prep.byStation')}
            nameHeader={t('overview.prep.station')}
            rows={stations}
            testId="prep-stations"
          />
        ) : null}
        {dishes.length > 0 ? (
          <PrepTable
            caption={t('overview.prep.slowest')}
            nameHeader={t('overview.prep.dish')}
            rows={dishes}
            testId="prep-dishes"
          />
        ) : null}
      </div>
    );
  }

  return (
    <Card padding="compact" className="flex min-w-0 flex-col gap-3" data-testid="prep-times">
      <div className="flex flex-col gap-0.5">
        <h2 className="text-lg font-semibold text-ink">{t('overview.prep.title')}</h2>
        <p className="text-sm text-ink-muted">{t('overview.prep.description')}</p>
      </div>
      {body}
    </Card>
  );
}
