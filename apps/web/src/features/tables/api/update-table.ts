import { useMutation, useQueryClient } from '@tanstack/react-query';
import { tablesRoutes } from '@tavolo/contract/client/tables';
import type { TUpdateTableRequest } from '@tavolo/contract/tables';
import { callEndpoint } from '../../../lib/api-client';
import { useCurrentSession } from '../../../lib/current-session';
import { tablesQueryKey } from './get-tables';

/** Changes the fields it carries; `null` clears the label or the seats. */
export async function updateTable({ id, body }: { id: string; body: TUpdateTableRequest }) {
  return callEndpoint(tablesRoutes.updateTable, { params: { id }, body });
}

export function useUpdateTable() {
  const queryClient = useQueryClient();
  const { restaurant } = useCurrentSession();
  return useMutation({
    mutationFn: updateTable,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tablesQueryKey(restaurant.id) }),
  });
}
