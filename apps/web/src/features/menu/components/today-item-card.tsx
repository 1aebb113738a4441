import type { TMenuItem } from '@tavolo/contract/menu';
import { memo } from 'react';
import { Badge } from '../../../components/ui/badge';
import { cn } from '../../../lib/cn';
import { formatMoney } from '../../../lib/format';
import { DishThumbnail } from './dish-thumbnail';

/** A dish on today's menu with its one-tap switch; big enough for a kitchen tablet. */
export const TodayItemCard = memo(function TodayItemCard({
  item,
  currency,
  canToggle,
  onToggle,
}: {
  item: TMenuItem;
  currency: string;
  canToggle: boolean;
  onToggle: (item: TMenuItem) => void;
}) {
  const { soldOut } = item;
  return (
    <li
      className={cn(
        'flex flex-col gap-3 rounded-xl border p-4 shadow-sm transition-colors',
        soldOut ? 'border-slate-200 bg-slate-100' : 'border-line bg-panel',
      )}
      data-testid="today-item"
      data-sold-out={soldOut}
    >
      <div className="flex items-start gap-3">
        <DishThumbnail url={item.imageUrl} className={cn('size-16', soldOut && 'opacity-50 grayscale')} />
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <h3 className={cn('text-base font-semibold break-words', soldOut ? 'text-ink-muted' : 'text-ink')}>
            {item.name}
          </h3>
          <p className="text-sm text-ink-muted tabular-nums">{formatMoney(item.priceMinor, currency)}</p>
          {soldOut ? (
            <p className="flex flex-wrap items-center gap-2">
              <Badge tone="danger">Sold out</Badge>
              <span className="text-xs text-ink-muted">until midnight</span>
            </p>
          ) : null}
        </div>
      </div>
      {canToggle ? (
        <button
          type="button"
          onClick={() => onToggle(item)}
          className={cn(
            'mt-auto inline-flex min-h-12 w-full items-center justify-center rounded-lg px-4 text-base font-semibold transition-colors',
            soldOut
              ? 'bg-accent-700 text-white hover:bg-accent-800 active:bg-accent-900'
              : 'border border-red-300 bg-panel text-red-800 hover:bg-red-50 active:bg-red-100',
          )}
        >
          {soldOut ? 'Back on' : 'Sold out for today'}
          <span className="sr-only">: {item.name}</span>
        </button>
      ) : null}
    </li>
  );
});
