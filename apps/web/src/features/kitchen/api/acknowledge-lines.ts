import { useMutation } from '@tanstack/react-query';
import { kitchenRoutes } from '@tavolo/contract/client/kitchen';
import type { TKitchenTicket } from '@tavolo/contract/kitchen';
import { callEndpoint } from '../../../lib/api-client';
import { useTicketCache } from './ticket-cache';

export interface AcknowledgeInput {
  ticket: TKitchenTicket;
  lineIndexes: number[];
}

/** The cook saw a void, change or recall: its mark goes from the ticket. */
export function acknowledgeLines({ ticket, lineIndexes }: AcknowledgeInput) {
  return callEndpoint(kitchenRoutes.acknowledgeLines, { body: { orderId: ticket.orderId, lineIndexes } });
}

/**
 * Optimistic like a bump, and in the same line as the station's bumps (`scope`). Not queued through
 * a Wi-Fi drop: a mark that stays until the network is back tells the cook nothing wrong.
 */
export function useAcknowledgeLines(
  stationId: string,
  { onError }: { onError?: (error: unknown) => void } = {},
) {
  const cache = useTicketCache(stationId);
  return useMutation({
    mutationFn: acknowledgeLines,
    scope: { id: `kitchen-lines-${stationId}` },
    onMutate: ({ ticket, lineIndexes }) => cache.acknowledge(ticket, lineIndexes),
    onError: (error, _input, snapshot) => {
      cache.restore(snapshot, error);
      onError?.(error);
    },
    onSuccess: (order, { ticket }) => cache.settle(ticket, order),
  });
}
