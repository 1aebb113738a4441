import { Component, type ReactNode } from 'react';

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
          The chart could not be drawn. Reload the page to try again.
        </p>
      );
    }
    return this.props.children;
  }
}
