import { Bar, BarChart, CartesianGrid, Cell, Tooltip, XAxis, YAxis } from 'recharts';
import { CHART_STYLE, ChartTooltipCard } from '../../../components/ui/chart-frame';
import { formatCompactMoney, formatMoney } from '../../../lib/format';
import { t } from '../../../lib/i18n/i18n';
import type { ChartPoint } from '../model/payment-charts';

/*
 * The only module that imports recharts: the Payments screen loads it lazily, so the chart library
 * stays in this chunk and never in the dashboard's first load. Each chart has a text alternative
 * beside it (see ChartPanel); the drawing itself is hidden from screen readers.
 */

function TooltipBody({
  active,
  payload,
  currency,
}: {
  active?: boolean;
  payload?: readonly { payload?: ChartPoint }[];
  currency: string;
}) {
  const point = payload?.[0]?.payload;
  if (!active || !point) return null;
  return (
    <ChartTooltipCard
      title={point.label}
      amount={formatMoney(point.totalMinor, currency)}
      detail={t('payments.charts.tooltipCount', { count: point.count })}
    />
  );
}

/** Bars of net revenue: by day (columns, left to right) or by method (rows, most first). */
export function RevenueChart({
  points,
  currency,
  layout,
}: {
  points: readonly ChartPoint[];
  currency: string;
  layout: 'days' | 'methods';
}) {
  const tick = (value: number) => formatCompactMoney(value, currency);
  const data = [...points];
  const bars = (
    <Bar dataKey="value" radius={4} maxBarSize={48} isAnimationActive={false}>
      {data.map((point) => (
        <Cell key={point.key} fill={point.value < 0 ? CHART_STYLE.negative : CHART_STYLE.accent} />
      ))}
    </Bar>
  );
  const tooltip = (
    <Tooltip cursor={{ fill: CHART_STYLE.cursor }} content={<TooltipBody currency={currency} />} />
  );

  if (layout === 'methods') {
    return (
      <BarChart
        responsive
        accessibilityLayer={false}
        layout="vertical"
        data={data}
        style={{ width: '100%', height: Math.max(120, data.length * 56) }}
        margin={{ top: 4, right: 16, bottom: 4, left: 4 }}
      >
        <CartesianGrid horizontal={false} stroke={CHART_STYLE.grid} />
        <XAxis type="number" tickFormatter={tick} tick={CHART_STYLE.tick} />
        <YAxis type="category" dataKey="label" width={96} tick={CHART_STYLE.tick} />
        {tooltip}
        {bars}
      </BarChart>
    );
  }
  return (
    <BarChart
      responsive
      accessibilityLayer={false}
      data={data}
      style={{ width: '100%', height: 240 }}
      margin={{ top: 8, right: 8, bottom: 4, left: 0 }}
    >
      <CartesianGrid vertical={false} stroke={CHART_STYLE.grid} />
      {/* A phone shows a few day labels, spaced out; a wide screen shows more. */}
      <XAxis dataKey="label" tick={CHART_STYLE.tick} interval="preserveStartEnd" minTickGap={16} />
      <YAxis tickFormatter={tick} tick={CHART_STYLE.tick} width={56} />
      {tooltip}
      {bars}
    </BarChart>
  );
}
