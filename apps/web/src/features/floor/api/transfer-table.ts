import { useMutation } from '@tanstack/react-query';
import { floorRoutes } from '@tavolo/contract/client/floor';
import { callEndpoint } from '../../../lib/api-client';
import { useFloorCache } from './floor-cache';

/** Moves the table's whole visit (orders, guests, waiter) to a free table. */
export function transferTable({ tableId, toTableId }: { tableId: string; toTableId: string }) {
  return callEndpoint(floorRoutes.transferTable, { params: { id: tableId }, body: { toTableId } });
}

export function useTransferTable() {
  const cache = useFloorCache();
  return useMutation({
    mutationFn: transferTable,
    onSuccess: (table, { tableId }) => {
      cache.putTable(table);
      cache.refreshTable(tableId);
    },
  });
}

/** Ends a seated visit with nothing open or due. */
export function clearTable({ tableId }: { tableId: string }) {
  return callEndpoint(floorRoutes.clearTable, { params: { id: tableId } });
}

export function useClearTable() {
  const cache = useFloorCache();
  return useMutation({
    mutationFn: clearTable,
    onSuccess: (table) => {
      cache.putTable(table);
      cache.refreshTable(table.id);
    },
  });
}
