import { Bar, BarChart, CartesianGrid, Cell, Tooltip, XAxis, YAxis } from 'recharts';
import { formatCompactMoney, formatMoney } from '../../../lib/format';
import type { ChartPoint } from '../model/payment-charts';

/*
 * The only module that imports recharts: the Payments screen loads it lazily, so the chart library
 * stays in this chunk and never in the dashboard's first load. Each chart has a text alternative
 * beside it (see ChartPanel); the drawing itself is hidden from screen readers.
 */

const ACCENT = 'var(--color-accent-700)';
const NEGATIVE = '#b91c1c';
const GRID = '#e2e8f0';
const TICK = { fill: '#475569', fontSize: 12 };

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
    <div className="rounded-lg border border-line bg-panel px-3 py-2 text-sm shadow-md">
      <p className="font-medium text-ink">{point.label}</p>
      <p className="text-ink tabular-nums">{formatMoney(point.totalMinor, currency)}</p>
      <p className="text-ink-muted">
        {point.count} {point.count === 1 ? 'payment' : 'payments'}
      </p>
    </div>
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
        <Cell key={point.key} fill={point.value < 0 ? NEGATIVE : ACCENT} />
      ))}
    </Bar>
  );
  const tooltip = <Tooltip cursor={{ fill: '#f1f5f9' }} content={<TooltipBody currency={currency} />} />;

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
        <CartesianGrid horizontal={false} stroke={GRID} />
        <XAxis type="number" tickFormatter={tick} tick={TICK} />
        <YAxis type="category" dataKey="label" width={96} tick={TICK} />
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
      <CartesianGrid vertical={false} stroke={GRID} />
      {/* A phone shows a few day labels, spaced out; a wide screen shows more. */}
      <XAxis dataKey="label" tick={TICK} interval="preserveStartEnd" minTickGap={16} />
      <YAxis tickFormatter={tick} tick={TICK} width={56} />
      {tooltip}
      {bars}
    </BarChart>
  );
}
