import type { TDishMenu, TMenuDish } from '@tavolo/contract/menu';

/** What a guest asks of the menu: dishes with every one of `tags`, and none of `without`. */
export type DishFilter = { tags: readonly string[]; without: readonly string[] };

export const NO_FILTER: DishFilter = { tags: [], without: [] };

/** Tags that say what a dish is made of (not "new" or "popular"): the ones worth filtering on. */
export const DIETARY_TAGS = ['vegetarian', 'vegan', 'gluten-free', 'dairy-free', 'halal'];

export const isFiltering = (filter: DishFilter) => filter.tags.length > 0 || filter.without.length > 0;

/** What this menu offers to filter on: its dietary tags and its allergens, in a stable order. */
export function filterChoices(menu: TDishMenu): { tags: string[]; allergens: string[] } {
  const tags = new Set<string>();
  const allergens = new Set<string>();
  for (const category of menu.categories) {
    for (const item of category.items) {
      for (const tag of item.tags) if (DIETARY_TAGS.includes(tag)) tags.add(tag);
      for (const allergen of item.allergens) allergens.add(allergen);
    }
  }
  return {
    tags: DIETARY_TAGS.filter((tag) => tags.has(tag)),
    allergens: [...allergens].sort(),
  };
}

export function matchesFilter(item: Pick<TMenuDish, 'tags' | 'allergens'>, filter: DishFilter): boolean {
  return (
    filter.tags.every((tag) => item.tags.includes(tag)) &&
    !filter.without.some((allergen) => item.allergens.includes(allergen))
  );
}

/** The menu's categories with only the dishes that match, and how many were hidden. */
export function applyDishFilter<C extends { items: readonly TMenuDish[] }>(
  categories: readonly C[],
  filter: DishFilter,
): { categories: (C & { items: TMenuDish[] })[]; hidden: number } {
  let hidden = 0;
  const shown = categories.map((category) => {
    const items = category.items.filter((item) => matchesFilter(item, filter));
    hidden += category.items.length - items.length;
    return { ...category, items };
  });
  return { categories: shown, hidden };
}

/** The filter toggles one value in or out of one of its lists. */
export function toggleInFilter(filter: DishFilter, list: keyof DishFilter, value: string): DishFilter {
  const current = filter[list];
  return {
    ...filter,
    [list]: current.includes(value) ? current.filter((entry) => entry !== value) : [...current, value],
  };
}

// Kept for the visit at this table (the browser tab), not forever.
const storageKey = (qrToken: string) => `tavolo:dish-filter:${qrToken}`;

export function readDishFilter(qrToken: string): DishFilter {
  try {
    const raw = JSON.parse(
      sessionStorage.getItem(storageKey(qrToken)) ?? 'null',
    ) as Partial<DishFilter> | null;
    const strings = (value: unknown) =>
      Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : [];
    return raw ? { tags: strings(raw.tags), without: strings(raw.without) } : NO_FILTER;
  } catch {
    return NO_FILTER;
  }
}

export function saveDishFilter(qrToken: string, filter: DishFilter): void {
  try {
    if (isFiltering(filter)) sessionStorage.setItem(storageKey(qrToken), JSON.stringify(filter));
    else sessionStorage.removeItem(storageKey(qrToken));
  } catch {
    // Private mode or full storage: the filter lasts as long as the page.
  }
}
