import type { TMenuItem } from '@tavolo/contract/menu';
import { type ReactNode, useDeferredValue, useState } from 'react';
import { SearchIcon } from '../../../components/ui/icons';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import { QueryError } from '../../../components/ui/query-error';
import { Spinner } from '../../../components/ui/spinner';
import { inputClassName } from '../../../components/ui/text-field';
import { cn } from '../../../lib/cn';
import { formatMoney } from '../../../lib/format';
import { useTodayMenu } from '../../../lib/get-today-menu';
import { t } from '../../../lib/i18n/i18n';
import { useDishPopularity } from '../api/get-dish-popularity';
import { listPickerDishes } from '../model/picker-dishes';
import { ChoiceChips } from './choice-chips';

const ALL = '';

/**
 * The dish picker, a bottom sheet on a phone: a search, category chips, and today's dishes as large
 * rows with the restaurant's most ordered first. A tap on a dish hands it on (its sheet asks the
 * rest); the picker stays open beneath for the next one.
 */
export function DishPickerSheet({
  open,
  currency,
  draftCount,
  onPick,
  onClose,
}: {
  open: boolean;
  currency: string;
  /** Units already in the draft, for the sheet's "Done" button. */
  draftCount: number;
  onPick: (item: TMenuItem) => void;
  onClose: () => void;
}) {
  const menu = useTodayMenu();
  const popularity = useDishPopularity();
  const [search, setSearch] = useState('');
  const [categoryId, setCategoryId] = useState(ALL);
  const deferredSearch = useDeferredValue(search);

  let body: ReactNode;
  if (menu.isPending) {
    body = (
      <p role="status" className="flex items-center gap-2 text-sm text-ink-muted">
        <Spinner className="size-4" /> {t('floor.picker.loading')}
      </p>
    );
  } else if (menu.isError && !menu.data) {
    body = (
      <QueryError
        title={t('floor.picker.loadFailed')}
        error={menu.error}
        retrying={menu.isFetching}
        onRetry={() => void menu.refetch()}
      />
    );
  } else if (menu.data) {
    const dishes = listPickerDishes(
      menu.data,
      { categoryId: categoryId === ALL ? null : categoryId, search: deferredSearch },
      popularity.data ?? new Map(),
    );
    const searching = deferredSearch.trim() !== '';
    body = (
      <div className="flex flex-col gap-3">
        {!searching ? (
          <ChoiceChips
            legend={t('floor.picker.categories')}
            legendHidden
            chips={[
              { value: ALL, label: t('floor.picker.popular') },
              ...menu.data.categories
                .filter((category) => category.items.length > 0)
                .map((category) => ({ value: category.id, label: category.name })),
            ]}
            value={categoryId}
            onChange={setCategoryId}
            testId="category-chips"
          />
        ) : null}
        {dishes.length === 0 ? (
          <p className="py-6 text-center text-sm text-ink-muted">
            {searching
              ? t('floor.picker.noMatch', { search: deferredSearch.trim() })
              : t('floor.picker.empty')}
          </p>
        ) : (
          <ul className="flex flex-col gap-2" aria-label={t('floor.picker.dishes')}>
            {dishes.map(({ item, categoryName }) => (
              <li key={item.id}>
                <button
                  type="button"
                  disabled={item.soldOut}
                  onClick={() => onPick(item)}
                  data-testid="picker-dish"
                  className={cn(
                    'flex min-h-14 w-full items-center gap-3 rounded-xl border border-line bg-panel px-3 py-2 text-left',
                    'hover:border-accent-700 hover:bg-slate-50 active:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-60',
                  )}
                >
                  <span className="flex min-w-0 flex-1 flex-col">
                    <span className="font-medium break-words text-ink">{item.name}</span>
                    <span className="text-xs text-ink-muted">
                      {item.soldOut
                        ? t('floor.picker.soldOut')
                        : searching || categoryId === ALL
                          ? categoryName
                          : item.options.length > 0
                            ? t('floor.picker.hasOptions')
                            : ''}
                    </span>
                  </span>
                  <span className="shrink-0 text-sm font-semibold text-ink tabular-nums">
                    {formatMoney(item.priceMinor, currency)}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    );
  }

  return (
    <ModalDialog
      open={open}
      onClose={onClose}
      variant="sheet"
      size="wide"
      title={t('floor.picker.title')}
      testId="dish-picker"
      className="sm:h-[calc(100dvh-4rem)]"
      footer={
        // Says how the draft grows as dishes are added (the picker stays open for the next one).
        <button
          aria-live="polite"
          type="button"
          onClick={onClose}
          className="flex min-h-12 w-full items-center justify-center rounded-xl bg-accent-700 px-4 text-base font-semibold text-white hover:bg-accent-800"
        >
          {draftCount > 0 ? t('floor.picker.doneWith', { count: draftCount }) : t('floor.picker.done')}
        </button>
      }
    >
      <div className="flex flex-col gap-3">
        <label className="relative block">
          <span className="sr-only">{t('floor.picker.search')}</span>
          <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-ink-muted" />
          <input
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder={t('floor.picker.searchPlaceholder')}
            className={cn(inputClassName, 'pl-10')}
            data-testid="picker-search"
          />
        </label>
        {body}
      </div>
    </ModalDialog>
  );
}
