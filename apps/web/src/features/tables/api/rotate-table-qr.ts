import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZTable } from '@tavolo/contract/tables';
import { apiRequest } from '../../../lib/api-client';
import { useCurrentSession } from '../../../lib/current-session';
import { tablesQueryKey } from './get-tables';

/** A new qrToken (and guest URL) for the table: its printed code stops working at once. */
export async function rotateTableQr(id: string) {
  return apiRequest(`/api/tables/${encodeURIComponent(id)}/rotate-qr`, { method: 'POST', schema: ZTable });
}

export function useRotateTableQr() {
  const queryClient = useQueryClient();
  const { restaurant } = useCurrentSession();
  return useMutation({
    mutationFn: rotateTableQr,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tablesQueryKey(restaurant.id) }),
  });
}
