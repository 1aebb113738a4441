import type { TMenuDish } from '@tavolo/contract/menu';
import { memo, useId } from 'react';
import { Badge } from '../../../components/ui/badge';
import { PlusIcon } from '../../../components/ui/icons';
import { cn } from '../../../lib/cn';
import { formatMoney } from '../../../lib/format';
import { t } from '../../../lib/i18n/i18n';
import { DishLabels } from './dish-labels';

/**
 * A dish on the guest menu. The name is the button (stretched over the whole card) that opens the
 * option picker; a sold-out dish shows but cannot be picked.
 */
export const MenuItemCard = memo(function MenuItemCard({
  item,
  currency,
  inCart,
  onOpen,
}: {
  item: TMenuDish;
  currency: string;
  /** How many of it are in the cart already. */
  inCart: number;
  onOpen: (item: TMenuDish) => void;
}) {
  const detailsId = useId();
  const { soldOut } = item;
  return (
    <li
      className={cn(
        'relative flex gap-3 rounded-2xl border p-3 transition-colors',
        soldOut
          ? 'border-slate-200 bg-slate-50'
          : 'border-line bg-panel shadow-sm focus-within:border-accent-700 hover:border-slate-300',
      )}
      data-testid="guest-item"
      data-sold-out={soldOut}
    >
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <h3
          className={cn(
            'text-base leading-snug font-semibold break-words',
            soldOut ? 'text-ink-muted' : 'text-ink',
          )}
        >
          {soldOut ? (
            item.name
          ) : (
            <button
              type="button"
              onClick={() => onOpen(item)}
              aria-describedby={detailsId}
              className="text-left after:absolute after:inset-0 after:rounded-2xl after:content-[''] focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-offset-2 focus-visible:after:outline-accent-700"
            >
              {item.name}
            </button>
          )}
        </h3>
        {item.description ? <p className="line-clamp-2 text-sm text-ink-muted">{item.description}</p> : null}
        <p id={detailsId} className="flex flex-wrap items-center gap-2 pt-0.5">
          <span
            className={cn(
              'text-sm font-semibold tabular-nums',
              soldOut ? 'text-ink-muted line-through' : 'text-ink',
            )}
          >
            {formatMoney(item.priceMinor, currency)}
          </span>
          {soldOut ? <Badge tone="danger">{t('guest.item.soldOut')}</Badge> : null}
          {!soldOut && inCart > 0 ? (
            <Badge tone="accent">{t('guest.item.inOrder', { count: inCart })}</Badge>
          ) : null}
          {!soldOut && item.options.length > 0 ? (
            <span className="sr-only">{t('guest.item.withOptions')}</span>
          ) : null}
        </p>
        <DishLabels item={item} className="pt-1" />
      </div>
      <div className="relative shrink-0 self-start">
        {item.imageUrl ? (
          <img
            src={item.imageUrl}
            alt=""
            loading="lazy"
            decoding="async"
            width={96}
            height={96}
            className={cn('size-24 rounded-xl bg-slate-100 object-cover', soldOut && 'opacity-50 grayscale')}
          />
        ) : null}
        {soldOut ? null : (
          <span
            aria-hidden="true"
            className={cn(
              'flex size-9 items-center justify-center rounded-full bg-accent-700 text-white shadow-md',
              item.imageUrl ? 'absolute -right-1 -bottom-1' : 'mt-auto',
            )}
          >
            <PlusIcon className="size-5" />
          </span>
        )}
      </div>
    </li>
  );
});
