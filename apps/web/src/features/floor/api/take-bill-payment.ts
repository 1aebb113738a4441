import { useMutation, useQueryClient } from '@tanstack/react-query';
import { tableServiceRoutes } from '@tavolo/contract/client/table-service';
import type { TTakeBillPaymentRequest } from '@tavolo/contract/table-service';
import { IDEMPOTENCY_KEY_HEADER } from '@tavolo/contract/values/orders';
import { callEndpoint } from '../../../lib/api-client';
import { useCurrentSession } from '../../../lib/current-session';
import { ordersQueryKey, paymentsQueryKey } from '../../../lib/money-query-keys';
import { tableBillQueryKey, tableBillsQueryKey } from '../../../lib/table-bills';
import { useFloorCache } from './floor-cache';

export interface TakeBillPaymentInput {
  tableId: string;
  body: TTakeBillPaymentRequest;
  /** The same key for a retry of the same payment: it is never taken twice. */
  idempotencyKey: string;
}

/** Cash or card taken at the table: the whole bill, one seat, or an amount. */
export function takeBillPayment({ tableId, body, idempotencyKey }: TakeBillPaymentInput) {
  return callEndpoint(tableServiceRoutes.takeBillPayment, {
    params: { id: tableId },
    body,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
}

export function useTakeBillPayment() {
  const queryClient = useQueryClient();
  const cache = useFloorCache();
  const { restaurant } = useCurrentSession();
  return useMutation({
    mutationFn: takeBillPayment,
    onSuccess: (taken, { tableId }) => {
      queryClient.setQueryData(tableBillQueryKey(restaurant.id, tableId), taken.bill);
      cache.refreshTable(tableId);
      void queryClient.invalidateQueries({ queryKey: ordersQueryKey(restaurant.id) });
      void queryClient.invalidateQueries({ queryKey: paymentsQueryKey(restaurant.id) });
      return queryClient.invalidateQueries({ queryKey: tableBillsQueryKey(restaurant.id) });
    },
  });
}
