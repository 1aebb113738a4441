import { Bar, BarChart, CartesianGrid, Cell, Tooltip, XAxis, YAxis } from 'recharts';
import { CHART_STYLE, ChartTooltipCard } from '../../../components/ui/chart-frame';
import { formatCompactMoney, formatMoney } from '../../../lib/format';
import { t } from '../../../lib/i18n/i18n';
import type { MonthPoint } from '../model/revenue-months';

/*
 * The Overview's only module that imports recharts: RevenueSection loads it lazily, so the chart
 * library stays out of the dashboard's first load. The figures beside it are its text alternative;
 * the drawing itself is hidden from screen readers.
 */

export const MONTH_CHART_HEIGHT = 240;

function TooltipBody({
  active,
  payload,
  currency,
}: {
  active?: boolean;
  payload?: readonly { payload?: MonthPoint }[];
  currency: string;
}) {
  const point = payload?.[0]?.payload;
  if (!active || !point) return null;
  return (
    <ChartTooltipCard
      title={point.name}
      amount={formatMoney(point.revenueMinor, currency)}
      detail={t('overview.revenue.tooltipOrders', { count: point.orders })}
    />
  );
}

/** Twelve columns of revenue, January to December. */
export function MonthChart({ points, currency }: { points: readonly MonthPoint[]; currency: string }) {
  const data = [...points];
  return (
    <BarChart
      responsive
      accessibilityLayer={false}
      data={data}
      style={{ width: '100%', height: MONTH_CHART_HEIGHT }}
      margin={{ top: 8, right: 8, bottom: 4, left: 0 }}
    >
      <CartesianGrid vertical={false} stroke={CHART_STYLE.grid} />
      {/* A phone shows every other month; a wide screen all twelve. */}
      <XAxis dataKey="label" tick={CHART_STYLE.tick} interval="preserveStartEnd" minTickGap={8} />
      <YAxis
        tickFormatter={(value: number) => formatCompactMoney(value, currency)}
        tick={CHART_STYLE.tick}
        width={56}
      />
      <Tooltip cursor={{ fill: CHART_STYLE.cursor }} content={<TooltipBody currency={currency} />} />
      <Bar dataKey="value" radius={4} maxBarSize={40} isAnimationActive={false}>
        {data.map((point) => (
          <Cell key={point.key} fill={point.value < 0 ? CHART_STYLE.negative : CHART_STYLE.accent} />
        ))}
      </Bar>
    </BarChart>
  );
}
