import type { ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { buttonClassName } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { BookIcon } from '../../../components/ui/icons';
import { PageHeader } from '../../../components/ui/page-header';
import { QueryError } from '../../../components/ui/query-error';
import { Loading } from '../../../components/ui/spinner';
import { isHttpError } from '../../../lib/api-client';
import { useCurrentSession } from '../../../lib/current-session';
import { useCategories } from '../../../lib/get-categories';
import { t } from '../../../lib/i18n/i18n';
import { useMenuItem } from '../api/get-menu-item';
import { MenuItemForm } from '../components/menu-item-form';

function BackLink() {
  return (
    <Link to="/dashboard/menu" className={buttonClassName('secondary')}>
      {t('menu.editor.backToMenu')}
    </Link>
  );
}

/** One screen for /dashboard/menu/add and /dashboard/menu/update/:id. */
export function MenuItemFormScreen() {
  const { id } = useParams();
  const [params] = useSearchParams();
  const editing = id !== undefined;
  const { restaurant } = useCurrentSession();
  const categories = useCategories();
  const item = useMenuItem(id);

  const header = (
    <PageHeader
      title={editing ? t('menu.editor.editTitle') : t('menu.editor.addTitle')}
      description={
        editing
          ? item.data
            ? t('menu.editor.editDescription', { name: item.data.name })
            : t('menu.editor.editDescriptionUnnamed')
          : t('menu.editor.addDescription')
      }
      actions={<BackLink />}
    />
  );

  if (editing && isHttpError(item.error, 404)) {
    return (
      <>
        {header}
        <EmptyState
          icon={<BookIcon />}
          title={t('menu.editor.notFound.title')}
          description={t('menu.editor.notFound.description')}
          action={
            <Link to="/dashboard/menu" className={buttonClassName('primary')}>
              {t('menu.editor.backToMenu')}
            </Link>
          }
        />
      </>
    );
  }

  const failed = categories.isError ? categories : editing && item.isError ? item : null;
  let content: ReactNode;
  if (failed) {
    content = (
      <QueryError
        title={editing ? t('menu.editor.loadDishFailed') : t('menu.editor.loadCategoriesFailed')}
        error={failed.error}
        retrying={failed.isFetching}
        onRetry={() => void failed.refetch()}
      />
    );
  } else if (categories.isPending || (editing && item.isPending)) {
    content = <Loading />;
  } else {
    content = (
      <MenuItemForm
        // A fresh form per dish: switching from one dish to another must not keep the old values.
        key={item.data?.id ?? 'new'}
        item={item.data}
        categories={categories.data ?? []}
        currency={restaurant.currency}
        languages={restaurant.languages}
        initialCategoryId={params.get('category') ?? ''}
      />
    );
  }

  return (
    <>
      {header}
      {content}
    </>
  );
}
