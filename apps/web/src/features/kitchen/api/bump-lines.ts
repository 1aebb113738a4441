import { useMutation } from '@tanstack/react-query';
import { kitchenRoutes } from '@tavolo/contract/client/kitchen';
import type { TKitchenTicket } from '@tavolo/contract/kitchen';
import { type StaffTap, useSendStaffTap } from '../../../lib/staff-taps';
import { useTicketCache } from './ticket-cache';

export interface BumpInput {
  stationId: string;
  ticket: TKitchenTicket;
  lineIndexes: number[];
  status: 'preparing' | 'ready';
}

/** What a bump keeps to be drawn while it waits for the network, and named if it is refused. */
export function kitchenLinesTap({ stationId, ticket, lineIndexes }: Omit<BumpInput, 'status'>) {
  const chosen = new Set(lineIndexes);
  return {
    stationId,
    orderId: ticket.orderId,
    orderNumber: ticket.orderNumber,
    tableNumber: ticket.tableNumber,
    course: ticket.course,
    lineIndexes,
    dishes: ticket.lines
      .filter((line) => chosen.has(line.lineIndex))
      .map((line) => ({ name: line.name, quantity: line.quantity })),
  };
}

/**
 * Starts lines (preparing) or makes them ready; answers the order, or that the bump waits in the
 * queue for the network (PRODUCT.md §13). Optimistic, and one at a time per station (`scope`): a
 * line tapped twice is started, then made ready, in that order on the server too.
 */
export function useBumpLines(stationId: string, { onError }: { onError?: (error: unknown) => void } = {}) {
  const cache = useTicketCache(stationId);
  const send = useSendStaffTap();
  return useMutation({
    mutationFn: (input: BumpInput) => {
      const { ticket, lineIndexes, status } = input;
      const tap: StaffTap = { kind: 'kitchen.bump', status, ...kitchenLinesTap(input) };
      return send(kitchenRoutes.bumpLines, { body: { orderId: ticket.orderId, lineIndexes, status } }, tap);
    },
    scope: { id: `kitchen-lines-${stationId}` },
    // Offline it still runs: the tap is queued rather than paused in memory.
    networkMode: 'always',
    onMutate: ({ ticket, lineIndexes, status }) => cache.move(ticket, lineIndexes, status),
    onError: (error, _input, snapshot) => {
      cache.restore(snapshot, error);
      onError?.(error);
    },
    onSuccess: (result, { ticket }) => {
      if (!result.queued) cache.settle(ticket, result.answer);
    },
  });
}
