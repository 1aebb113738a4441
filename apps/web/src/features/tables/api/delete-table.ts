import { useMutation, useQueryClient } from '@tanstack/react-query';
import { tablesRoutes } from '@tavolo/contract/client/tables';
import { callEndpoint } from '../../../lib/api-client';
import { useCurrentSession } from '../../../lib/current-session';
import { tablesQueryKey } from './get-tables';

/** Answers 409 CONFLICT while the table has open orders; its message says how many. */
export async function deleteTable(id: string): Promise<void> {
  await callEndpoint(tablesRoutes.deleteTable, { params: { id } });
}

export function useDeleteTable() {
  const queryClient = useQueryClient();
  const { restaurant } = useCurrentSession();
  return useMutation({
    mutationFn: deleteTable,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tablesQueryKey(restaurant.id) }),
  });
}
