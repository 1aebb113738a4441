import type { TMenuItem, TTodayMenu } from '@tavolo/contract/menu';
import type { TOrder } from '@tavolo/contract/orders';

/**
 * What the dish picker lists: today's dishes, the restaurant's most ordered first (a waiter's
 * thumb finds the usual ones at the top), narrowed by a category chip or a search.
 */

/** Units ordered of each dish (by menu item id) in the given orders, cancelled ones aside. */
export function countOrderedDishes(orders: readonly TOrder[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const order of orders) {
    if (order.status === 'cancelled') continue;
    for (const line of order.items) {
      counts.set(line.menuItemId, (counts.get(line.menuItemId) ?? 0) + line.quantity + line.voidedQuantity);
    }
  }
  return counts;
}

/** A dish of the picker with its category's name (a search crosses categories). */
export interface PickerDish {
  item: TMenuItem;
  categoryId: string;
  categoryName: string;
}

/** Lower case, without accents: "Crème brûlée" is found by "creme". */
export function searchable(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();
}

export type PickerFilter = { categoryId: string | null; search: string };

/**
 * Today's dishes that match the filter: a search looks at every category (by name and
 * description), a chosen category shows its own. Available ones first, most ordered first, then in
 * the menu's order; sold-out ones last (shown, so nobody looks for them in vain).
 */
export function listPickerDishes(
  menu: TTodayMenu,
  filter: PickerFilter,
  popularity: ReadonlyMap<string, number>,
): PickerDish[] {
  const words = searchable(filter.search).split(/\s+/).filter(Boolean);
  const dishes: (PickerDish & { position: number })[] = [];
  let position = 0;
  for (const category of menu.categories) {
    for (const item of category.items) {
      position += 1;
      if (words.length === 0 && filter.categoryId !== null && category.id !== filter.categoryId) continue;
      if (words.length > 0) {
        const text = searchable(`${item.name} ${item.description ?? ''}`);
        if (!words.every((word) => text.includes(word))) continue;
      }
      dishes.push({ item, categoryId: category.id, categoryName: category.name, position });
    }
  }
  return dishes
    .sort(
      (a, b) =>
        Number(a.item.soldOut) - Number(b.item.soldOut) ||
        (popularity.get(b.item.id) ?? 0) - (popularity.get(a.item.id) ?? 0) ||
        a.position - b.position,
    )
    .map(({ position: _position, ...dish }) => dish);
}
