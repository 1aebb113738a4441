import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type TCreateTableRequest, ZTable } from '@tavolo/contract/tables';
import { apiRequest } from '../../../lib/api-client';
import { useCurrentSession } from '../../../lib/current-session';
import { tablesQueryKey } from './get-tables';

/** Answers 409 DUPLICATE (fields.number) when the restaurant already has a table of that number. */
export async function createTable(body: TCreateTableRequest) {
  return apiRequest('/api/tables', { method: 'POST', body, schema: ZTable });
}

export function useCreateTable() {
  const queryClient = useQueryClient();
  const { restaurant } = useCurrentSession();
  return useMutation({
    mutationFn: createTable,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tablesQueryKey(restaurant.id) }),
  });
}
