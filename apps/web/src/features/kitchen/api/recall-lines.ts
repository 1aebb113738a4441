import { useMutation } from '@tanstack/react-query';
import { kitchenRoutes } from '@tavolo/contract/client/kitchen';
import type { TKitchenTicket } from '@tavolo/contract/kitchen';
import { callEndpoint } from '../../../lib/api-client';
import { useTicketCache } from './ticket-cache';

export interface RecallInput {
  stationId: string;
  ticket: TKitchenTicket;
  lineIndexes: number[];
}

/** Takes lines made ready in the last ten minutes back to preparing; answers the order. */
export function recallLines({ ticket, lineIndexes }: RecallInput) {
  return callEndpoint(kitchenRoutes.recallLines, { body: { orderId: ticket.orderId, lineIndexes } });
}

/** Optimistic like a bump, and in the same queue as the station's bumps. */
export function useRecallLines(stationId: string, { onError }: { onError?: (error: unknown) => void } = {}) {
  const cache = useTicketCache(stationId);
  return useMutation({
    mutationFn: recallLines,
    scope: { id: `kitchen-lines-${stationId}` },
    onMutate: ({ ticket, lineIndexes }) => cache.move(ticket, lineIndexes, 'preparing'),
    onError: (error, _input, snapshot) => {
      cache.restore(snapshot, error);
      onError?.(error);
    },
    onSuccess: (order, { ticket }) => cache.settle(ticket, order),
  });
}
