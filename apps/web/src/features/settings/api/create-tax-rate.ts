import { useMutation, useQueryClient } from '@tanstack/react-query';
import { taxRatesRoutes } from '@tavolo/contract/client/taxes';
import type { TTaxRateRequest } from '@tavolo/contract/taxes';
import { callEndpoint } from '../../../lib/api-client';
import { useCurrentSession } from '../../../lib/current-session';
import { taxRatesQueryKey } from '../../../lib/get-tax-rates';

/** Adds a tax rate (the first is the default); 409 for a name in use or one rate too many. */
export async function createTaxRate(body: TTaxRateRequest) {
  return callEndpoint(taxRatesRoutes.createTaxRate, { body });
}

export function useCreateTaxRate() {
  const queryClient = useQueryClient();
  const { restaurant } = useCurrentSession();
  return useMutation({
    mutationFn: createTaxRate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: taxRatesQueryKey(restaurant.id) }),
  });
}
