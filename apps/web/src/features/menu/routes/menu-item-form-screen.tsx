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
import { useMenuItem } from '../api/get-menu-item';
import { MenuItemForm } from '../components/menu-item-form';

const backLink = (
  <Link to="/dashboard/menu" className={buttonClassName('secondary')}>
    Back to the menu
  </Link>
);

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
      title={editing ? 'Edit dish' : 'Add a dish'}
      description={
        editing
          ? item.data
            ? `Change how ${item.data.name} appears to guests.`
            : 'Change how this dish appears to guests.'
          : 'A new dish for your menu.'
      }
      actions={backLink}
    />
  );

  if (editing && isHttpError(item.error, 404)) {
    return (
      <>
        {header}
        <EmptyState
          icon={<BookIcon />}
          title="This dish does not exist"
          description="It may have been deleted. Go back to the menu to see the dishes there are."
          action={
            <Link to="/dashboard/menu" className={buttonClassName('primary')}>
              Back to the menu
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
        title={editing ? 'Could not load this dish' : 'Could not load the categories'}
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
