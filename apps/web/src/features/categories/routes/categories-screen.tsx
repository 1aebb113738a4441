import type { TCategory } from '@tavolo/contract/menu';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { buttonClassName } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { TagIcon } from '../../../components/ui/icons';
import { PageHeader } from '../../../components/ui/page-header';
import { QueryError } from '../../../components/ui/query-error';
import { Loading } from '../../../components/ui/spinner';
import { useToast } from '../../../components/ui/toast';
import { getErrorMessage } from '../../../lib/api-client';
import { useCan } from '../../../lib/current-session';
import { useCategories } from '../../../lib/get-categories';
import { useDeleteCategory } from '../api/delete-category';
import { moveCategory, useReorderCategories } from '../api/reorder-categories';
import { AddCategoryForm } from '../components/add-category-form';
import { CategoryRow } from '../components/category-row';

export function CategoriesScreen() {
  const canManage = useCan('menu.manage');
  const toast = useToast();
  const categories = useCategories();
  const reorder = useReorderCategories();
  const deletion = useDeleteCategory();
  const [toDelete, setToDelete] = useState<TCategory | null>(null);
  const list = useRef<HTMLUListElement>(null);
  const focusAfterMove = useRef<{ id: string; direction: 'up' | 'down' } | null>(null);

  const move = (index: number, direction: -1 | 1) => {
    const current = categories.data;
    const moving = current?.[index];
    if (!current || !moving) return;
    focusAfterMove.current = { id: moving.id, direction: direction === -1 ? 'up' : 'down' };
    reorder.mutate(moveCategory(current, index, direction), {
      onSuccess: () => toast.success(`${moving.name} moved ${direction === -1 ? 'up' : 'down'}.`),
      onError: (error) => toast.error(`The order was not saved: ${getErrorMessage(error)}`),
    });
  };

  // The moved row's button keeps the focus, so that pressing Enter again moves it further. At the
  // top or bottom that button is disabled: the other direction takes over.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the order changes.
  useEffect(() => {
    const target = focusAfterMove.current;
    if (!target || !list.current) return;
    focusAfterMove.current = null;
    const find = (direction: string) =>
      list.current?.querySelector<HTMLButtonElement>(
        `button[data-category="${target.id}"][data-move="${direction}"]:not(:disabled)`,
      );
    (find(target.direction) ?? find(target.direction === 'up' ? 'down' : 'up'))?.focus();
  }, [categories.data]);

  const confirmDelete = () => {
    if (!toDelete) return;
    const { id, name } = toDelete;
    deletion.mutate(id, {
      onSuccess: () => toast.success(`${name} was deleted.`),
      // 409 while it still holds dishes: the server's message says how many.
      onError: (error) => toast.error(`${name} was not deleted: ${getErrorMessage(error)}`),
      onSettled: () => setToDelete(null),
    });
  };

  let content: ReactNode;
  const items = categories.data;
  if (!items) {
    content = categories.isError ? (
      <QueryError
        title="Could not load the categories"
        error={categories.error}
        retrying={categories.isFetching}
        onRetry={() => void categories.refetch()}
      />
    ) : (
      <Loading />
    );
  } else if (items.length === 0) {
    content = (
      <EmptyState
        icon={<TagIcon />}
        title="No categories yet"
        description="Categories are the sections of your menu, such as Starters, Pizza or Desserts. Add the first one above."
      />
    );
  } else {
    content = (
      <section aria-labelledby="category-list-heading" className="flex flex-col gap-2">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="category-list-heading" className="text-base font-semibold text-ink">
            Your categories <span className="font-normal text-ink-muted">· {items.length}</span>
          </h2>
          <p className="text-sm text-ink-muted">Guests see them in this order.</p>
        </div>
        <Card padding="none">
          <ul ref={list} className="divide-y divide-line">
            {items.map((category, index) => (
              <CategoryRow
                key={category.id}
                category={category}
                index={index}
                count={items.length}
                canManage={canManage}
                onMove={move}
                onDelete={setToDelete}
              />
            ))}
          </ul>
        </Card>
      </section>
    );
  }

  const deletingCount = toDelete?.itemCount ?? 0;
  return (
    <>
      <PageHeader
        title="Categories"
        description="The sections of your menu, in the order guests see them."
        actions={
          <Link to="/dashboard/menu" className={buttonClassName('secondary')}>
            Go to the menu
          </Link>
        }
      />
      <div className="flex flex-col gap-6">
        {canManage ? <AddCategoryForm /> : null}
        {content}
      </div>
      <ConfirmDialog
        open={toDelete !== null}
        title={
          deletingCount > 0
            ? `${toDelete?.name ?? 'This category'} cannot be deleted yet`
            : `Delete ${toDelete?.name ?? 'this category'}?`
        }
        description={
          deletingCount > 0
            ? `It still holds ${deletingCount} dish${deletingCount === 1 ? '' : 'es'}. Only an empty category can be deleted: move its dishes to another category, or delete them, first.`
            : 'It is empty, so nothing else changes.'
        }
        // Said before, not after: a category with dishes offers no delete button at all.
        {...(deletingCount > 0
          ? { cancelLabel: 'OK' }
          : {
              confirmLabel: 'Delete category',
              pendingLabel: 'Deleting…',
              pending: deletion.isPending,
              onConfirm: confirmDelete,
            })}
        onCancel={() => setToDelete(null)}
      />
    </>
  );
}
