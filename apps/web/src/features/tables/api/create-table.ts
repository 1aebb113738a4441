import { useMutation, useQueryClient } from '@tanstack/react-query';
import { tablesRoutes } from '@tavolo/contract/client/tables';
import type { TCreateTableRequest } from '@tavolo/contract/tables';
import { callEndpoint } from '../../../lib/api-client';
import { useCurrentSession } from '../../../lib/current-session';
import { tablesQueryKey } from './get-tables';

/** Answers 409 DUPLICATE (fields.number) when the restaurant already has a table of that number. */
export async function createTable(body: TCreateTableRequest) {
  return callEndpoint(tablesRoutes.createTable, { body });
}

export function useCreateTable() {
  const queryClient = useQueryClient();
  const { restaurant } = useCurrentSession();
  return useMutation({
    mutationFn: createTable,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tablesQueryKey(restaurant.id) }),
  });
}
