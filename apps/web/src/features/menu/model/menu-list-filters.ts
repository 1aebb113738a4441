import type { TCategory, TMenuItem } from '@tavolo/contract/menu';
import { t } from '../../../lib/i18n/i18n';
import { tagName } from './menu-labels';

type ItemFacts = Pick<TMenuItem, 'active' | 'soldOut' | 'availableDays'>;

export interface ItemAvailability {
  /** Not listed at all. */
  inactive: boolean;
  soldOut: boolean;
  /** Active, but today's weekday (on the restaurant's clock) is not among its days. */
  notServedToday: boolean;
  /** Guests can order it right now. */
  available: boolean;
}

/** `weekday` is today's on the restaurant's clock, 0 = Sunday; no days listed means every day. */
export function getItemAvailability(item: ItemFacts, weekday: number): ItemAvailability {
  const inactive = !item.active;
  const notServedToday = item.availableDays.length > 0 && !item.availableDays.includes(weekday);
  return {
    inactive,
    soldOut: item.soldOut,
    notServedToday,
    available: !inactive && !notServedToday && !item.soldOut,
  };
}

export const STATUS_FILTERS = ['all', 'available', 'sold-out', 'not-today', 'inactive'] as const;

export type StatusFilter = (typeof STATUS_FILTERS)[number];

export function isStatusFilter(value: string | null): value is StatusFilter {
  return STATUS_FILTERS.some((filter) => filter === value);
}

/** What the status filter's options say. */
export function statusFilterLabel(status: StatusFilter): string {
  switch (status) {
    case 'all':
      return t('menu.filters.status.all');
    case 'available':
      return t('menu.filters.status.available');
    case 'sold-out':
      return t('menu.filters.status.soldOut');
    case 'not-today':
      return t('menu.filters.status.notToday');
    case 'inactive':
      return t('menu.filters.status.inactive');
  }
}

export interface MenuFilters {
  /** Words to find in the name, description or tags; case and accents do not matter. */
  search: string;
  /** '' for every category. */
  categoryId: string;
  status: StatusFilter;
}

export const NO_FILTERS: MenuFilters = { search: '', categoryId: '', status: 'all' };

export function hasFilters(filters: MenuFilters): boolean {
  return filters.search.trim() !== '' || filters.categoryId !== '' || filters.status !== 'all';
}

/** "Crème Brûlée" → "creme brulee": what search compares. */
export function normalizeForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

function matchesStatus(availability: ItemAvailability, status: StatusFilter): boolean {
  switch (status) {
    case 'all':
      return true;
    case 'available':
      return availability.available;
    case 'sold-out':
      return !availability.inactive && availability.soldOut;
    case 'not-today':
      return !availability.inactive && availability.notServedToday;
    case 'inactive':
      return availability.inactive;
  }
}

/**
 * The items that pass every filter, in their original order. Every word searched for must appear;
 * a suggested tag is found by its word in the person's language too.
 */
export function filterMenuItems<T extends TMenuItem>(
  items: readonly T[],
  filters: MenuFilters,
  weekday: number,
): T[] {
  const words = normalizeForSearch(filters.search).split(/\s+/).filter(Boolean);
  return items.filter((item) => {
    if (filters.categoryId && item.categoryId !== filters.categoryId) return false;
    if (!matchesStatus(getItemAvailability(item, weekday), filters.status)) return false;
    if (words.length === 0) return true;
    const haystack = normalizeForSearch(
      [item.name, item.description ?? '', ...item.tags, ...item.tags.map(tagName)].join(' '),
    );
    return words.every((word) => haystack.includes(word));
  });
}

export interface CategoryGroup<T> {
  category: Pick<TCategory, 'id' | 'name'>;
  items: T[];
}

/**
 * Items under their categories, in the categories' order; empty groups are left out. Items whose
 * category is unknown (a list fetched a moment apart) come last rather than vanish.
 */
export function groupByCategory<T extends Pick<TMenuItem, 'categoryId'>>(
  items: readonly T[],
  categories: readonly Pick<TCategory, 'id' | 'name'>[],
): CategoryGroup<T>[] {
  const byCategory = new Map<string, T[]>();
  for (const item of items) {
    const list = byCategory.get(item.categoryId);
    if (list) list.push(item);
    else byCategory.set(item.categoryId, [item]);
  }
  const groups: CategoryGroup<T>[] = [];
  for (const category of categories) {
    const list = byCategory.get(category.id);
    if (list) groups.push({ category, items: list });
    byCategory.delete(category.id);
  }
  const orphans = [...byCategory.values()].flat();
  if (orphans.length > 0)
    groups.push({ category: { id: '', name: t('menu.list.otherCategory') }, items: orphans });
  return groups;
}
