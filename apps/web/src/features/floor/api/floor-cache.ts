import { useQueryClient } from '@tanstack/react-query';
import type { TFloorTable, TFloorTableDetail } from '@tavolo/contract/floor';
import type { TOrder } from '@tavolo/contract/orders';
import { useCurrentSession } from '../../../lib/current-session';
import { applyFloorTable, floorTableQueryKey, refreshFloorTable } from '../../../lib/floor';
import { newerOrder } from '../../../lib/order-version';

/** A table's detail with one of its orders replaced by a newer copy (or added). */
export function withDetailOrder(detail: TFloorTableDetail, order: TOrder): TFloorTableDetail {
  const known = detail.orders.find((candidate) => candidate.id === order.id);
  if (!known) return { ...detail, orders: [...detail.orders, order].sort((a, b) => a.number - b.number) };
  const kept = newerOrder(known, order);
  if (kept === known) return detail;
  return {
    ...detail,
    orders: detail.orders.map((candidate) => (candidate.id === order.id ? kept : candidate)),
  };
}

/**
 * What the floor's writes do with their answers: the screen shows them at once, then reads the
 * table again (the stream brings the same, but a phone should not wait for it).
 */
export function useFloorCache() {
  const queryClient = useQueryClient();
  const { restaurant } = useCurrentSession();
  const restaurantId = restaurant.id;
  return {
    putTable(table: TFloorTable) {
      applyFloorTable(queryClient, restaurantId, table);
    },
    putOrder(order: TOrder) {
      if (order.tableId) {
        queryClient.setQueryData<TFloorTableDetail>(
          floorTableQueryKey(restaurantId, order.tableId),
          (detail) => detail && withDetailOrder(detail, order),
        );
      }
      refreshFloorTable(queryClient, restaurantId, order.tableId);
    },
    refreshTable(tableId: string) {
      refreshFloorTable(queryClient, restaurantId, tableId);
    },
  };
}
