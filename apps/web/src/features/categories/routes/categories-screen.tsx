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
import { useCan, useCurrentSession } from '../../../lib/current-session';
import { useCategories } from '../../../lib/get-categories';
import { useStations } from '../../../lib/get-stations';
import { useTaxRates } from '../../../lib/get-tax-rates';
import { t } from '../../../lib/i18n/i18n';
import { useDeleteCategory } from '../api/delete-category';
import { moveCategory, useReorderCategories } from '../api/reorder-categories';
import { AddCategoryForm } from '../components/add-category-form';
import { CategoryRow } from '../components/category-row';

export function CategoriesScreen() {
  const canManage = useCan('menu.manage');
  const { languages } = useCurrentSession().restaurant;
  const toast = useToast();
  const categories = useCategories();
  // Names the stations on the rows and in the forms; without them the rows still show the course.
  const stations = useStations().data;
  // The rates its categories are sold at: the rows name them and the forms pick from them.
  const taxRates = useTaxRates().data;
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
      onSuccess: () =>
        toast.success(
          direction === -1
            ? t('categories.move.movedUp', { name: moving.name })
            : t('categories.move.movedDown', { name: moving.name }),
        ),
      onError: (error) => toast.error(t('categories.move.failed', { error: getErrorMessage(error) })),
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
      onSuccess: () => toast.success(t('categories.delete.done', { name })),
      // 409 while it still holds dishes: the server's message says how many.
      onError: (error) => toast.error(t('categories.delete.failed', { name, error: getErrorMessage(error) })),
      onSettled: () => setToDelete(null),
    });
  };

  let content: ReactNode;
  const items = categories.data;
  if (!items) {
    content = categories.isError ? (
      <QueryError
        title={t('categories.list.loadFailed')}
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
        title={t('categories.list.empty.title')}
        description={t('categories.list.empty.description')}
      />
    );
  } else {
    content = (
      <section aria-labelledby="category-list-heading" className="flex flex-col gap-2">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="category-list-heading" className="text-base font-semibold text-ink">
            {t('categories.list.heading')}{' '}
            <span className="font-normal text-ink-muted">· {items.length}</span>
          </h2>
          <p className="text-sm text-ink-muted">{t('categories.list.orderHint')}</p>
        </div>
        <Card padding="none">
          <ul ref={list} className="divide-y divide-line">
            {items.map((category, index) => (
              <CategoryRow
                key={category.id}
                category={category}
                index={index}
                count={items.length}
                languages={languages}
                stations={stations}
                taxRates={taxRates}
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
        title={t('categories.list.title')}
        description={t('categories.list.description')}
        actions={
          <Link to="/dashboard/menu" className={buttonClassName('secondary')}>
            {t('categories.list.goToMenu')}
          </Link>
        }
      />
      <div className="flex flex-col gap-6">
        {canManage ? <AddCategoryForm languages={languages} stations={stations} taxRates={taxRates} /> : null}
        {content}
      </div>
      <ConfirmDialog
        open={toDelete !== null}
        title={
          !toDelete
            ? t('categories.delete.titleUnnamed')
            : deletingCount > 0
              ? t('categories.delete.notYetTitle', { name: toDelete.name })
              : t('categories.delete.title', { name: toDelete.name })
        }
        description={
          deletingCount > 0
            ? t('categories.delete.notEmpty', { count: deletingCount })
            : t('categories.delete.empty')
        }
        // Said before, not after: a category with dishes offers no delete button at all.
        {...(deletingCount > 0
          ? { cancelLabel: t('categories.delete.understood') }
          : {
              confirmLabel: t('categories.delete.confirm'),
              pendingLabel: t('categories.delete.pending'),
              pending: deletion.isPending,
              onConfirm: confirmDelete,
            })}
        onCancel={() => setToDelete(null)}
      />
    </>
  );
}
