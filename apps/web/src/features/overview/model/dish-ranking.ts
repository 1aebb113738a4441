import type { TMenuItemStats } from '@tavolo/contract/dashboard';

/*
 * The best and the least ordered dishes of a period. The server lists every dish sold and every
 * dish on the menu that was not, best first (by quantity, and again by revenue): the top is the
 * start of the list, the bottom its end. A dish is never in both lists.
 */

export const RANKED = 5;

export type DishRanking = 'quantity' | 'revenue';

export type DishFigure = TMenuItemStats['items'][number];

export function rankDishes(
  stats: Pick<TMenuItemStats, 'items' | 'byRevenue'>,
  by: DishRanking,
  size = RANKED,
): { top: DishFigure[]; bottom: DishFigure[] } {
  const list = by === 'quantity' ? stats.items : stats.byRevenue;
  const top = list.slice(0, size);
  // The least first; with fewer than twice `size` dishes the bottom takes only those not on top.
  const bottom = list.slice(Math.max(size, list.length - size)).reverse();
  return { top, bottom };
}

/** Whether anything was ordered at all in the period. */
export function hasSales(stats: Pick<TMenuItemStats, 'items'>): boolean {
  return stats.items.some((item) => item.quantity > 0);
}
