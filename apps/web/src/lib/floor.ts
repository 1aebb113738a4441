import { hashKey, type QueryClient } from '@tanstack/react-query';
import type { TFloor, TFloorTable, TFloorTableDetail } from '@tavolo/contract/floor';

// Here rather than in a feature: the dashboard's one live connection (the orders feature) keeps the
// floor fresh from `table.updated`, while the floor feature reads and changes it.

/** Every floor query of a restaurant starts with this key: the floor and each table's screen. */
export const floorQueryKey = (restaurantId: string) => ['floor', restaurantId] as const;

export const floorListQueryKey = (restaurantId: string) => [...floorQueryKey(restaurantId), 'list'] as const;

export const floorTableQueryKey = (restaurantId: string, tableId: string) =>
  [...floorQueryKey(restaurantId), 'table', tableId] as const;

/**
 * The floor with one table's entry replaced, or taken away when the table left the floor;
 * undefined when a table the floor does not know joined it (the floor is read again for its place).
 */
export function withFloorTable(floor: TFloor, table: TFloorTable, removed = false): TFloor | undefined {
  if (removed) return { tables: floor.tables.filter((known) => known.id !== table.id) };
  if (!floor.tables.some((known) => known.id === table.id)) return undefined;
  return { tables: floor.tables.map((known) => (known.id === table.id ? table : known)) };
}

/**
 * Puts a table's new floor entry into the floor and into its screen (whose orders are read again:
 * an order moved or merged, a visit closed); a table that left the floor (`removed`) leaves it. While the floor is being read, the answer may predate
 * the entry: it is applied again once the answer lands (applying twice changes nothing).
 */
export function applyFloorTable(
  queryClient: QueryClient,
  restaurantId: string,
  table: TFloorTable,
  { removed = false }: { removed?: boolean } = {},
) {
  const listKey = floorListQueryKey(restaurantId);
  const apply = () => {
    const floor = queryClient.getQueryData<TFloor>(listKey);
    if (!floor) return;
    const next = withFloorTable(floor, table, removed);
    if (next) queryClient.setQueryData<TFloor>(listKey, next);
    else void queryClient.invalidateQueries({ queryKey: listKey, exact: true });
  };
  apply();
  if (queryClient.getQueryState(listKey)?.fetchStatus === 'fetching') {
    const hash = hashKey(listKey);
    const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
      if (event.query.queryHash !== hash || event.query.state.fetchStatus !== 'idle') return;
      unsubscribe();
      apply();
    });
  }
  const detailKey = floorTableQueryKey(restaurantId, table.id);
  queryClient.setQueryData<TFloorTableDetail>(detailKey, (detail) => detail && { ...detail, table });
  void queryClient.invalidateQueries({ queryKey: detailKey, exact: true });
}

/** An order of this table changed (placed, moved on, paid): its screen reads its orders again. */
export function refreshFloorTable(queryClient: QueryClient, restaurantId: string, tableId: string | null) {
  if (!tableId) return;
  void queryClient.invalidateQueries({ queryKey: floorTableQueryKey(restaurantId, tableId), exact: true });
}
