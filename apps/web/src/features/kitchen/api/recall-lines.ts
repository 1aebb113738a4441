import { useMutation } from '@tanstack/react-query';
import { kitchenRoutes } from '@tavolo/contract/client/kitchen';
import type { TKitchenTicket } from '@tavolo/contract/kitchen';
import { useSendStaffTap } from '../../../lib/staff-taps';
import { kitchenLinesTap } from './bump-lines';
import { useTicketCache } from './ticket-cache';

export interface RecallInput {
  stationId: string;
  ticket: TKitchenTicket;
  lineIndexes: number[];
}

/**
 * Takes lines made ready in the last ten minutes back to preparing; answers the order, or that the
 * recall waits in the queue. Optimistic like a bump, and in the same queue as the station's bumps.
 */
export function useRecallLines(stationId: string, { onError }: { onError?: (error: unknown) => void } = {}) {
  const cache = useTicketCache(stationId);
  const send = useSendStaffTap();
  return useMutation({
    mutationFn: (input: RecallInput) =>
      send(
        kitchenRoutes.recallLines,
        { body: { orderId: input.ticket.orderId, lineIndexes: input.lineIndexes } },
        { kind: 'kitchen.recall', ...kitchenLinesTap(input) },
      ),
    scope: { id: `kitchen-lines-${stationId}` },
    networkMode: 'always',
    onMutate: ({ ticket, lineIndexes }) => cache.move(ticket, lineIndexes, 'preparing'),
    onError: (error, _input, snapshot) => {
      cache.restore(snapshot, error);
      onError?.(error);
    },
    onSuccess: (result, { ticket }) => {
      if (!result.queued) cache.settle(ticket, result.answer);
    },
  });
}
