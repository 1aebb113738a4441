import type { TDashboardPeriod } from '@tavolo/contract/dashboard';
import { type ReactNode, useState } from 'react';
import { Card } from '../../../components/ui/card';
import { QueryError } from '../../../components/ui/query-error';
import { SegmentedControl } from '../../../components/ui/segmented-control';
import { cn } from '../../../lib/cn';
import { formatMoney } from '../../../lib/format';
import { t } from '../../../lib/i18n/i18n';
import { useMenuItemStats } from '../api/get-menu-item-stats';
import { type DishFigure, type DishRanking, hasSales, rankDishes } from '../model/dish-ranking';

function rankings(): { value: DishRanking; label: string }[] {
  return [
    { value: 'quantity', label: t('overview.dishes.byQuantity') },
    { value: 'revenue', label: t('overview.dishes.byRevenue') },
  ];
}

function DishList({
  title,
  dishes,
  currency,
  by,
  testId,
}: {
  title: string;
  dishes: readonly DishFigure[];
  currency: string;
  by: DishRanking;
  testId: string;
}) {
  if (dishes.length === 0) return null;
  return (
    <div className="flex min-w-0 flex-col gap-2">
      <h4 className="text-sm font-semibold text-ink">{title}</h4>
      <ol className="flex flex-col divide-y divide-line text-sm" data-testid={testId}>
        {dishes.map((dish) => {
          const quantity = t('overview.dishes.sold', { count: dish.quantity });
          const revenue = formatMoney(dish.revenueMinor, currency);
          return (
            <li
              key={dish.menuItemId ?? `deleted:${dish.name}`}
              className="flex items-baseline justify-between gap-3 py-1.5"
            >
              <span className="min-w-0 truncate text-ink" title={dish.name}>
                {dish.name}
              </span>
              <span className="shrink-0 text-right tabular-nums">
                <span className="font-medium text-ink">{by === 'quantity' ? quantity : revenue}</span>
                <span className="text-ink-muted"> · {by === 'quantity' ? revenue : quantity}</span>
              </span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}

/** The period's five most and five least ordered dishes, by quantity or by revenue. */
export function DishesCard({ period }: { period: TDashboardPeriod }) {
  const stats = useMenuItemStats(period);
  const [by, setBy] = useState<DishRanking>('quantity');
  const data = stats.data;

  let body: ReactNode;
  if (stats.isPending) {
    body = (
      <div aria-busy="true" className="flex flex-col gap-2">
        <p className="sr-only">{t('overview.dishes.loading')}</p>
        {[0, 1, 2, 3, 4].map((row) => (
          <div key={row} aria-hidden="true" className="h-6 rounded bg-slate-100 motion-safe:animate-pulse" />
        ))}
      </div>
    );
  } else if (!data) {
    body = (
      <QueryError
        title={t('overview.dishes.loadError')}
        error={stats.error}
        retrying={stats.isFetching}
        onRetry={() => void stats.refetch()}
      />
    );
  } else if (data.items.length === 0) {
    body = (
      <p className="rounded-lg bg-surface px-4 py-4 text-center text-sm text-ink-muted">
        {t('overview.dishes.noDishes')}
      </p>
    );
  } else if (!hasSales(data)) {
    body = (
      <p className="rounded-lg bg-surface px-4 py-4 text-center text-sm text-ink-muted">
        {t('overview.dishes.noSales')}
      </p>
    );
  } else {
    const { top, bottom } = rankDishes(data, by);
    body = (
      <div
        aria-busy={stats.isFetching || undefined}
        className={cn(
          'grid gap-4 sm:grid-cols-2 lg:grid-cols-1 2xl:grid-cols-2',
          stats.isPlaceholderData && 'opacity-60',
        )}
      >
        <DishList
          title={t('overview.dishes.top')}
          dishes={top}
          currency={data.currency}
          by={by}
          testId="top-dishes"
        />
        <DishList
          title={t('overview.dishes.bottom')}
          dishes={bottom}
          currency={data.currency}
          by={by}
          testId="bottom-dishes"
        />
      </div>
    );
  }

  return (
    <Card padding="compact" className="flex min-w-0 flex-col gap-3" data-testid="dishes">
      <h3 className="text-base font-semibold text-ink">{t('overview.dishes.title')}</h3>
      <SegmentedControl
        legend={t('overview.dishes.rankBy')}
        legendHidden
        segments={rankings()}
        value={by}
        onChange={setBy}
      />
      {body}
    </Card>
  );
}
