import { Bar, BarChart, CartesianGrid, Cell, Tooltip, XAxis, YAxis } from 'recharts';
import { formatCompactMoney, formatMoney } from '../../../lib/format';
import type { MonthPoint } from '../model/revenue-months';

/*
 * The Overview's only module that imports recharts: RevenueSection loads it lazily, so the chart
 * library stays out of the dashboard's first load. The figures beside it are its text alternative;
 * the drawing itself is hidden from screen readers.
 */

export const MONTH_CHART_HEIGHT = 240;

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
  payload?: readonly { payload?: MonthPoint }[];
  currency: string;
}) {
  const point = payload?.[0]?.payload;
  if (!active || !point) return null;
  return (
    <div className="rounded-lg border border-line bg-panel px-3 py-2 text-sm shadow-md">
      <p className="font-medium text-ink">{point.name}</p>
      <p className="text-ink tabular-nums">{formatMoney(point.revenueMinor, currency)}</p>
      <p className="text-ink-muted">
        {point.orders} {point.orders === 1 ? 'order' : 'orders'}
      </p>
    </div>
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
      <CartesianGrid vertical={false} stroke={GRID} />
      {/* A phone shows every other month; a wide screen all twelve. */}
      <XAxis dataKey="label" tick={TICK} interval="preserveStartEnd" minTickGap={8} />
      <YAxis tickFormatter={(value: number) => formatCompactMoney(value, currency)} tick={TICK} width={56} />
      <Tooltip cursor={{ fill: '#f1f5f9' }} content={<TooltipBody currency={currency} />} />
      <Bar dataKey="value" radius={4} maxBarSize={40} isAnimationActive={false}>
        {data.map((point) => (
          <Cell key={point.key} fill={point.value < 0 ? NEGATIVE : ACCENT} />
        ))}
      </Bar>
    </BarChart>
  );
}
