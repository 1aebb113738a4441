import type { TStaffMenuItem } from '@tavolo/contract/menu';
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { buttonClassName } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { BookIcon, PlusIcon, TagIcon } from '../../../components/ui/icons';
import { PageHeader } from '../../../components/ui/page-header';
import { QueryError } from '../../../components/ui/query-error';
import { Loading } from '../../../components/ui/spinner';
import { useCan, useCurrentSession } from '../../../lib/current-session';
import { useCategories } from '../../../lib/get-categories';
import { t } from '../../../lib/i18n/i18n';
import { useMenuItems } from '../api/get-menu-items';
import { DeleteMenuItemDialog } from '../components/delete-menu-item-dialog';
import { FilteredMenuList } from '../components/filtered-menu-list';

export function MenuScreen() {
  const session = useCurrentSession();
  const { currency, timezone, languages } = session.restaurant;
  const translationLanguages = useMemo(() => languages.slice(1), [languages]);
  const canManage = useCan('menu.manage');
  const categories = useCategories();
  const items = useMenuItems();
  const [toDelete, setToDelete] = useState<TStaffMenuItem | null>(null);
  const askToDelete = useCallback((item: TStaffMenuItem) => setToDelete(item), []);

  const categoryList = categories.data;
  const itemList = items.data;
  const hasCategories = (categoryList?.length ?? 0) > 0;
  const total = itemList?.length ?? 0;

  let content: ReactNode;
  if (categories.isPending || items.isPending) {
    content = <Loading />;
  } else if (categories.isError || items.isError) {
    content = (
      <QueryError
        title={t('menu.list.loadFailed')}
        error={categories.error ?? items.error}
        retrying={categories.isFetching || items.isFetching}
        onRetry={() => {
          if (categories.isError) void categories.refetch();
          if (items.isError) void items.refetch();
        }}
      />
    );
  } else if (!hasCategories && total === 0) {
    content = (
      <EmptyState
        icon={<TagIcon />}
        title={t('menu.list.noCategories.title')}
        description={t('menu.list.noCategories.description')}
        action={
          canManage ? (
            <Link to="/dashboard/categories" className={buttonClassName('primary')}>
              {t('menu.list.createCategory')}
            </Link>
          ) : null
        }
      />
    );
  } else if (total === 0) {
    content = (
      <EmptyState
        icon={<BookIcon />}
        title={t('menu.list.empty.title')}
        description={t('menu.list.empty.description')}
        action={
          canManage ? (
            <Link to="/dashboard/menu/add" className={buttonClassName('primary')}>
              <PlusIcon />
              {t('menu.list.addFirstDish')}
            </Link>
          ) : null
        }
      />
    );
  } else {
    content = (
      <FilteredMenuList
        items={itemList ?? []}
        categories={categoryList ?? []}
        currency={currency}
        timezone={timezone}
        translationLanguages={translationLanguages}
        canManage={canManage}
        onDelete={askToDelete}
      />
    );
  }

  return (
    <>
      <PageHeader
        title={t('menu.list.title')}
        description={t('menu.list.description')}
        actions={
          canManage ? (
            <>
              <Link to="/dashboard/categories" className={buttonClassName('secondary')}>
                {t('menu.list.categories')}
              </Link>
              <Link to="/dashboard/menu/import" className={buttonClassName('secondary')}>
                {t('menu.list.import')}
              </Link>
              {hasCategories ? (
                <Link to="/dashboard/menu/add" className={buttonClassName('primary')}>
                  <PlusIcon />
                  {t('menu.list.addDish')}
                </Link>
              ) : null}
            </>
          ) : null
        }
      />
      {content}
      <DeleteMenuItemDialog item={toDelete} onClose={() => setToDelete(null)} />
    </>
  );
}
