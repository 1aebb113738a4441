import { useMutation } from '@tanstack/react-query';
import { kitchenRoutes } from '@tavolo/contract/client/kitchen';
import type { TKitchenTicket } from '@tavolo/contract/kitchen';
import { callEndpoint } from '../../../lib/api-client';
import { useTicketCache } from './ticket-cache';

export interface BumpInput {
  stationId: string;
  ticket: TKitchenTicket;
  lineIndexes: number[];
  status: 'preparing' | 'ready';
}

/** Starts lines (preparing) or makes them ready; answers the order. */
export function bumpLines({ ticket, lineIndexes, status }: BumpInput) {
  return callEndpoint(kitchenRoutes.bumpLines, { body: { orderId: ticket.orderId, lineIndexes, status } });
}

/**
 * Optimistic, and one at a time per station (`scope`): a line tapped twice is started, then made
 * ready, in that order on the server too.
 */
export function useBumpLines(stationId: string, { onError }: { onError?: (error: unknown) => void } = {}) {
  const cache = useTicketCache(stationId);
  return useMutation({
    mutationFn: bumpLines,
    scope: { id: `kitchen-lines-${stationId}` },
    onMutate: ({ ticket, lineIndexes, status }) => cache.move(ticket, lineIndexes, status),
    onError: (error, _input, snapshot) => {
      cache.restore(snapshot, error);
      onError?.(error);
    },
    onSuccess: (order, { ticket }) => cache.settle(ticket, order),
  });
}
