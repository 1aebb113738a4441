import type { TMenuItem } from '@tavolo/contract/menu';
import { memo } from 'react';
import { Badge } from '../../../components/ui/badge';
import { UnsentMark } from '../../../components/ui/staff-offline-status';
import { Switch } from '../../../components/ui/switch';
import { cn } from '../../../lib/cn';
import { formatMoney } from '../../../lib/format';
import { t } from '../../../lib/i18n/i18n';
import { DishThumbnail } from './dish-thumbnail';
import { StockCountField } from './stock-count-field';

/**
 * A dish on today's menu: its state in words, a switch to change it and how many are left; big
 * enough for a kitchen tablet.
 */
export const TodayItemCard = memo(function TodayItemCard({
  item,
  currency,
  canToggle,
  unsent = false,
  onToggle,
  onCount,
}: {
  item: TMenuItem;
  currency: string;
  canToggle: boolean;
  /** Its sold-out tap, made offline, waits to be sent. */
  unsent?: boolean;
  onToggle: (item: TMenuItem) => void;
  onCount: (item: TMenuItem, count: number | null) => Promise<unknown>;
}) {
  const { soldOut } = item;
  // Counted down to nothing: sold out until counted again, whatever the switch says.
  const noneLeft = item.stockCount === 0;
  return (
    <li
      className={cn(
        'flex flex-col gap-3 rounded-xl border p-4 shadow-sm transition-colors',
        soldOut ? 'border-slate-200 bg-slate-100' : 'border-line bg-panel',
      )}
      data-testid="today-item"
      data-sold-out={soldOut}
      data-unsent={unsent || undefined}
    >
      <div className="flex items-start gap-3">
        <DishThumbnail url={item.imageUrl} className={cn('size-16', soldOut && 'opacity-50 grayscale')} />
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <h3 className={cn('text-base font-semibold break-words', soldOut ? 'text-ink-muted' : 'text-ink')}>
            {item.name}
          </h3>
          <p className="text-sm text-ink-muted tabular-nums">{formatMoney(item.priceMinor, currency)}</p>
          <p className="flex flex-wrap items-center gap-2" data-testid="today-item-state">
            {unsent ? <UnsentMark /> : null}
            {soldOut ? (
              <>
                <Badge tone="warning">{t('menu.today.soldOut')}</Badge>
                <span className="text-xs text-ink-muted">
                  {noneLeft ? t('menu.today.noneLeft') : t('menu.today.backAtMidnight')}
                </span>
              </>
            ) : (
              <>
                <Badge tone="success">{t('menu.today.available')}</Badge>
                {item.stockCount !== null && !canToggle ? (
                  <span className="text-xs text-ink-muted">
                    {t('menu.today.leftCount', { count: item.stockCount })}
                  </span>
                ) : null}
              </>
            )}
          </p>
        </div>
        {canToggle ? (
          // The switch says the state by its position; its name says what it switches.
          <Switch
            checked={!soldOut}
            onChange={() => onToggle(item)}
            // At 0 only a new count brings it back.
            disabled={noneLeft}
            aria-label={t('menu.today.switchLabel', { name: item.name })}
          />
        ) : null}
      </div>
      {canToggle ? <StockCountField item={item} onSave={onCount} /> : null}
    </li>
  );
});
