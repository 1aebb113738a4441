import { useMutation, useQueryClient } from '@tanstack/react-query';
import { tableServiceRoutes } from '@tavolo/contract/client/table-service';
import type { TCloseBillRequest } from '@tavolo/contract/table-service';
import { IDEMPOTENCY_KEY_HEADER } from '@tavolo/contract/values/orders';
import { callEndpoint } from '../../../lib/api-client';
import { useCurrentSession } from '../../../lib/current-session';
import { ordersQueryKey, paymentsQueryKey } from '../../../lib/money-query-keys';
import { tableBillQueryKey, tableBillsQueryKey } from '../../../lib/table-bills';

export interface CloseTableBillInput {
  tableId: string;
  body: TCloseBillRequest;
  /** The same key for a retry of the same close: the rest is then never recorded twice. */
  idempotencyKey: string;
}

export function closeTableBill({ tableId, body, idempotencyKey }: CloseTableBillInput) {
  return callEndpoint(tableServiceRoutes.closeTableBill, {
    params: { id: tableId },
    body,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
}

/**
 * Ends a table's visit. The answer holds the table's next, empty bill; the list of bills, and the
 * orders and payments that the rest was recorded on, are read again.
 */
export function useCloseTableBill() {
  const queryClient = useQueryClient();
  const { restaurant } = useCurrentSession();
  return useMutation({
    mutationFn: closeTableBill,
    onSuccess: (closed, { tableId }) => {
      queryClient.setQueryData(tableBillQueryKey(restaurant.id, tableId), closed.bill);
      void queryClient.invalidateQueries({ queryKey: ordersQueryKey(restaurant.id) });
      void queryClient.invalidateQueries({ queryKey: paymentsQueryKey(restaurant.id) });
      return queryClient.invalidateQueries({ queryKey: tableBillsQueryKey(restaurant.id) });
    },
    onError: () => queryClient.invalidateQueries({ queryKey: tableBillsQueryKey(restaurant.id) }),
  });
}
