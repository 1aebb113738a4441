import { useMutation, useQueryClient } from '@tanstack/react-query';
import { kitchenRoutes } from '@tavolo/contract/client/kitchen';
import type { TKitchenTicket, TKitchenView } from '@tavolo/contract/kitchen';
import { callEndpoint } from '../../../lib/api-client';
import { useCurrentSession } from '../../../lib/current-session';
import { kitchenViewQueryKey } from '../../../lib/kitchen';

export interface ReprintInput {
  stationId: string;
  ticket: TKitchenTicket;
}

/** Prints a fired ticket again on its station's printer; answers how the printer is doing. */
export function reprintTicket({ stationId, ticket }: ReprintInput) {
  return callEndpoint(kitchenRoutes.reprintTicket, {
    body: { orderId: ticket.orderId, stationId, course: ticket.course },
  });
}

export function useReprintTicket() {
  const queryClient = useQueryClient();
  const { restaurant } = useCurrentSession();
  return useMutation({
    mutationFn: reprintTicket,
    onSuccess: (printer, { stationId }) =>
      queryClient.setQueryData<TKitchenView>(
        kitchenViewQueryKey(restaurant.id, stationId),
        (view) => view && { ...view, printer },
      ),
  });
}
