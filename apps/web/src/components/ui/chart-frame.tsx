import { Component, type ReactNode } from 'react';
import { t } from '../../lib/i18n/i18n';

/*
 * What every lazily loaded chart sits in (Payments, Overview): a skeleton of its height while the
 * chart library's chunk loads, and a note when that chunk never arrives. The figures beside each
 * chart (its text alternative) still say it all.
 */

/** Where the chart will be, while its code loads: the same height, so nothing jumps. */
export function ChartSkeleton({ height }: { height: number }) {
  return (
    <div
      data-testid="chart-skeleton"
      aria-hidden="true"
      className="w-full rounded-lg bg-slate-100 motion-safe:animate-pulse"
      style={{ height }}
    />
  );
}

/** A chart whose code could not load (a new release, a dropped connection): the table still says it all. */
export class ChartBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    if (this.state.failed) {
      return (
        <p className="rounded-lg bg-surface px-4 py-6 text-center text-sm text-ink-muted">
          {t('ui.chart.failed')}
        </p>
      );
    }
    return this.props.children;
  }
}

export type ChartFigure = { key: string; label: string; amount: string; count: number };

/**
 * A chart's figures in words, for screen readers and for anyone who prefers a table: one row per
 * bar behind "Show the figures".
 */
export function ChartFigures({
  caption,
  columns,
  rows,
}: {
  caption: string;
  /** The row label's, the amount's and the count's headings. */
  columns: readonly [string, string, string];
  rows: readonly ChartFigure[];
}) {
  const [labelHeading, amountHeading, countHeading] = columns;
  return (
    <details className="text-sm">
      <summary className="inline-flex min-h-11 cursor-pointer items-center rounded-md font-medium text-accent-700">
        {t('ui.chart.showFigures')}
      </summary>
      <table className="mt-2 w-full text-left">
        <caption className="sr-only">{caption}</caption>
        <thead className="text-xs tracking-wide text-ink-muted uppercase">
          <tr>
            <th scope="col" className="py-1 font-medium">
              {labelHeading}
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              {amountHeading}
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              {countHeading}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {rows.map((row) => (
            <tr key={row.key}>
              <th scope="row" className="py-1 font-normal text-ink">
                {row.label}
              </th>
              <td className="py-1 text-right text-ink tabular-nums">{row.amount}</td>
              <td className="py-1 text-right text-ink-muted tabular-nums">{row.count}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}

/** The charts' colours and axis labels, shared so Payments and Overview draw alike. */
export const CHART_STYLE = {
  accent: 'var(--color-accent-700)',
  negative: '#b91c1c',
  grid: '#e2e8f0',
  cursor: '#f1f5f9',
  tick: { fill: '#475569', fontSize: 12 },
} as const;

/** What a bar's tooltip shows: its label, its amount and what it counts. */
export function ChartTooltipCard({
  title,
  amount,
  detail,
}: {
  title: string;
  amount: string;
  detail: string;
}) {
  return (
    <div className="rounded-lg border border-line bg-panel px-3 py-2 text-sm shadow-md">
      <p className="font-medium text-ink">{title}</p>
      <p className="text-ink tabular-nums">{amount}</p>
      <p className="text-ink-muted">{detail}</p>
    </div>
  );
}
