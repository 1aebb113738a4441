import { useMutation, useQueryClient } from '@tanstack/react-query';
import { taxRatesRoutes } from '@tavolo/contract/client/taxes';
import type { TTaxRateRequest } from '@tavolo/contract/taxes';
import { callEndpoint } from '../../../lib/api-client';
import { useCurrentSession } from '../../../lib/current-session';
import { taxRatesQueryKey } from '../../../lib/get-tax-rates';

/** Renames a rate, changes it or makes it the default; orders already placed keep theirs. */
export async function updateTaxRate({ id, body }: { id: string; body: TTaxRateRequest }) {
  return callEndpoint(taxRatesRoutes.updateTaxRate, { params: { id }, body });
}

export function useUpdateTaxRate() {
  const queryClient = useQueryClient();
  const { restaurant } = useCurrentSession();
  return useMutation({
    mutationFn: updateTaxRate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: taxRatesQueryKey(restaurant.id) }),
  });
}
