import { useMutation, useQueryClient } from '@tanstack/react-query';
import { taxRatesRoutes } from '@tavolo/contract/client/taxes';
import { callEndpoint } from '../../../lib/api-client';
import { useCurrentSession } from '../../../lib/current-session';
import { taxRatesQueryKey } from '../../../lib/get-tax-rates';

/** Deletes a rate no category or dish uses; one in use, or the default while others exist, answers 409. */
export async function deleteTaxRate(id: string): Promise<void> {
  await callEndpoint(taxRatesRoutes.deleteTaxRate, { params: { id } });
}

export function useDeleteTaxRate() {
  const queryClient = useQueryClient();
  const { restaurant } = useCurrentSession();
  return useMutation({
    mutationFn: deleteTaxRate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: taxRatesQueryKey(restaurant.id) }),
  });
}
