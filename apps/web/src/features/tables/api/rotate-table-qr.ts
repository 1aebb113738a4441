import { useMutation, useQueryClient } from '@tanstack/react-query';
import { tablesRoutes } from '@tavolo/contract/client/tables';
import { callEndpoint } from '../../../lib/api-client';
import { useCurrentSession } from '../../../lib/current-session';
import { tablesQueryKey } from './get-tables';

/** A new qrToken (and guest URL) for the table: its printed code stops working at once. */
export async function rotateTableQr(id: string) {
  return callEndpoint(tablesRoutes.rotateTableQr, { params: { id } });
}

export function useRotateTableQr() {
  const queryClient = useQueryClient();
  const { restaurant } = useCurrentSession();
  return useMutation({
    mutationFn: rotateTableQr,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tablesQueryKey(restaurant.id) }),
  });
}
