import { useMutation } from '@tanstack/react-query';
import { floorRoutes } from '@tavolo/contract/client/floor';
import type { TOpenTableRequest, TUpdateVisitRequest } from '@tavolo/contract/floor';
import { callEndpoint } from '../../../lib/api-client';
import { useFloorCache } from './floor-cache';

/** Seats guests: opens the table's visit, or changes the covers and waiter of the open one. */
export function openTable({ tableId, body }: { tableId: string; body: TOpenTableRequest }) {
  return callEndpoint(floorRoutes.openTable, { params: { id: tableId }, body });
}

export function useOpenTable() {
  const cache = useFloorCache();
  return useMutation({ mutationFn: openTable, onSuccess: (table) => cache.putTable(table) });
}

/** Changes the open visit: its covers, or the waiter it is handed to. */
export function updateVisit({ tableId, body }: { tableId: string; body: TUpdateVisitRequest }) {
  return callEndpoint(floorRoutes.updateVisit, { params: { id: tableId }, body });
}

export function useUpdateVisit() {
  const cache = useFloorCache();
  return useMutation({ mutationFn: updateVisit, onSuccess: (table) => cache.putTable(table) });
}
