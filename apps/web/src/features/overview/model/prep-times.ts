import type { TKitchenStats } from '@tavolo/contract/kitchen';

/*
 * What the overview's prep-times card shows of GET /api/kitchen/stats: the stations that made
 * something ready, and the slowest dishes.
 */

export type StationPrepTime = TKitchenStats['stations'][number];
export type DishPrepTime = TKitchenStats['dishes'][number];

/** How many of the slowest dishes the card lists. */
export const SLOWEST_DISHES = 5;

/** Stations with at least one line made ready, as the server lists them (Kitchen first). */
export function stationsWithLines(stats: TKitchenStats): StationPrepTime[] {
  return stats.stations.filter((station) => station.lines > 0);
}

/** The dishes slowest on average, then by their slowest tenth, then by name; at most SLOWEST_DISHES. */
export function slowestDishes(stats: TKitchenStats): DishPrepTime[] {
  return stats.dishes
    .filter((dish) => dish.lines > 0)
    .sort(
      (a, b) => b.avgSeconds - a.avgSeconds || b.p90Seconds - a.p90Seconds || a.name.localeCompare(b.name),
    )
    .slice(0, SLOWEST_DISHES);
}

/** Whether anything was made ready in the period at all. */
export function hasPrepTimes(stats: TKitchenStats): boolean {
  return stats.stations.some((station) => station.lines > 0) || stats.dishes.some((dish) => dish.lines > 0);
}
