import type { TStaffMenuItem } from '@tavolo/contract/menu';
import { Link } from 'react-router';
import { Card } from '../../../components/ui/card';
import { PlusIcon } from '../../../components/ui/icons';
import { t } from '../../../lib/i18n/i18n';
import type { Language } from '../../../lib/i18n/languages';
import type { CategoryGroup } from '../model/menu-list-filters';
import { MenuItemRow } from './menu-item-row';

/** One category's dishes under its heading, with a shortcut to add a dish to it. */
export function MenuCategorySection({
  group,
  currency,
  weekday,
  translationLanguages,
  canManage,
  onDelete,
}: {
  group: CategoryGroup<TStaffMenuItem>;
  currency: string;
  weekday: number;
  translationLanguages: readonly Language[];
  canManage: boolean;
  onDelete: (item: TStaffMenuItem) => void;
}) {
  const { category, items } = group;
  return (
    <section aria-labelledby={`category-${category.id}`} className="flex flex-col gap-2">
      <div className="flex items-center justify-between gap-3">
        <h2 id={`category-${category.id}`} className="text-base font-semibold text-ink">
          {category.name} <span className="font-normal text-ink-muted">· {items.length}</span>
        </h2>
        {canManage && category.id ? (
          <Link
            to={`/dashboard/menu/add?category=${category.id}`}
            aria-label={t('menu.list.addToCategoryLabel', { category: category.name })}
            className="inline-flex min-h-11 items-center gap-1 rounded-lg px-2 text-sm font-medium text-accent-700 hover:bg-accent-50"
          >
            <PlusIcon className="size-4" />
            {t('menu.list.addToCategory')}
          </Link>
        ) : null}
      </div>
      <Card padding="none">
        <ul className="divide-y divide-line">
          {items.map((item) => (
            <MenuItemRow
              key={item.id}
              item={item}
              currency={currency}
              weekday={weekday}
              translationLanguages={translationLanguages}
              canManage={canManage}
              onDelete={onDelete}
            />
          ))}
        </ul>
      </Card>
    </section>
  );
}
