import { useMutation } from '@tanstack/react-query';
import { floorRoutes } from '@tavolo/contract/client/floor';
import { callEndpoint } from '../../../lib/api-client';
import { useFloorCache } from './floor-cache';

/** Moves every open order of another table onto this table's bill; the other table is left free. */
export function mergeTables({ tableId, fromTableId }: { tableId: string; fromTableId: string }) {
  return callEndpoint(floorRoutes.mergeTables, { params: { id: tableId }, body: { fromTableId } });
}

export function useMergeTables() {
  const cache = useFloorCache();
  return useMutation({
    mutationFn: mergeTables,
    onSuccess: (table, { fromTableId }) => {
      cache.putTable(table);
      cache.refreshTable(fromTableId);
    },
  });
}
