import type { TStaffMenuItem } from '@tavolo/contract/menu';
import { memo } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { TrashIcon } from '../../../components/ui/icons';
import { formatMoney } from '../../../lib/format';
import { t } from '../../../lib/i18n/i18n';
import { languageName } from '../../../lib/i18n/language-name';
import type { Language } from '../../../lib/i18n/languages';
import { findIncompleteLanguages } from '../model/menu-item-translations';
import { tagName } from '../model/menu-labels';
import { getItemAvailability } from '../model/menu-list-filters';
import { DishThumbnail } from './dish-thumbnail';

/**
 * One dish of the menu list. The whole row opens the editor (its name is the link, stretched over
 * the row); the delete button sits above that link.
 */
export const MenuItemRow = memo(function MenuItemRow({
  item,
  currency,
  weekday,
  translationLanguages,
  canManage,
  onDelete,
}: {
  item: TStaffMenuItem;
  currency: string;
  weekday: number;
  /** The restaurant's languages other than the working one. */
  translationLanguages: readonly Language[];
  canManage: boolean;
  onDelete: (item: TStaffMenuItem) => void;
}) {
  const availability = getItemAvailability(item, weekday);
  const incomplete = findIncompleteLanguages(item, translationLanguages);
  const optionCount = item.options.length;
  return (
    <li
      className="relative flex items-start gap-3 p-4 focus-within:bg-slate-50 hover:bg-slate-50 sm:gap-4"
      data-testid="menu-item-row"
    >
      <DishThumbnail
        url={item.imageUrl}
        className={availability.inactive ? 'size-16 opacity-60' : 'size-16'}
      />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex items-baseline justify-between gap-3">
          <h3 className="min-w-0 text-base font-medium break-words text-ink">
            {canManage ? (
              <Link
                to={`/dashboard/menu/update/${item.id}`}
                className="inline-flex min-h-11 items-center rounded-sm hover:underline after:absolute after:inset-0 after:content-['']"
              >
                {item.name}
              </Link>
            ) : (
              item.name
            )}
          </h3>
          <span className="shrink-0 text-sm font-semibold text-ink tabular-nums">
            {formatMoney(item.priceMinor, currency)}
          </span>
        </div>
        {item.description ? <p className="line-clamp-2 text-sm text-ink-muted">{item.description}</p> : null}
        <div className="flex flex-wrap items-center gap-1.5 pt-1">
          {availability.inactive ? <Badge tone="neutral">{t('menu.item.inactive')}</Badge> : null}
          {!availability.inactive && availability.soldOut ? (
            <Badge tone="danger">{t('menu.item.soldOutToday')}</Badge>
          ) : null}
          {!availability.inactive && availability.notServedToday ? (
            <Badge tone="warning">{t('menu.item.notServedToday')}</Badge>
          ) : null}
          {item.tags.map((tag) => (
            <Badge key={tag} tone="accent">
              {tagName(tag)}
            </Badge>
          ))}
          {optionCount > 0 ? (
            <span className="text-xs text-ink-muted">
              {t('menu.item.optionGroups', { count: optionCount })}
            </span>
          ) : null}
          {incomplete.length > 0 ? (
            <span className="text-xs text-amber-800" data-testid="translations-missing">
              {incomplete.length === 1 && incomplete[0]
                ? t('menu.item.translationsMissingIn', {
                    count: incomplete[0].missing,
                    language: languageName(incomplete[0].language),
                  })
                : t('menu.item.translationsIncomplete', { count: incomplete.length })}
            </span>
          ) : null}
        </div>
      </div>
      {canManage ? (
        <button
          type="button"
          onClick={() => onDelete(item)}
          className="relative z-10 -mt-2 -mr-2 flex size-11 shrink-0 items-center justify-center rounded-lg text-ink-muted hover:bg-red-50 hover:text-red-700"
          aria-label={t('menu.item.delete', { name: item.name })}
        >
          <TrashIcon />
        </button>
      ) : null}
    </li>
  );
});
