import { useMutation, useQueryClient } from '@tanstack/react-query';
import { daysRoutes } from '@tavolo/contract/client/receipts';
import type { TCloseDayRequest } from '@tavolo/contract/receipts';
import { IDEMPOTENCY_KEY_HEADER } from '@tavolo/contract/values/orders';
import { callEndpoint } from '../../../lib/api-client';
import { useCurrentSession } from '../../../lib/current-session';
import { dayReportQueryKey, daysQueryKey } from './get-day-report';

export interface CloseDayInput {
  date: string;
  body: TCloseDayRequest;
  /** The same key for a retry of the same close: the server then closes the day once. */
  idempotencyKey: string;
}

/** Closes a business day with the cash counted: the answer is its Z report. */
export async function closeDay({ date, body, idempotencyKey }: CloseDayInput) {
  return callEndpoint(daysRoutes.closeDay, {
    params: { date },
    body,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
}

/**
 * The Z report replaces the day's X report at once; the closed days reload, and so does the day
 * after a refusal (409: someone closed it meanwhile).
 */
export function useCloseDay() {
  const queryClient = useQueryClient();
  const { restaurant } = useCurrentSession();
  return useMutation({
    mutationFn: closeDay,
    onSuccess: (report, { date }) => queryClient.setQueryData(dayReportQueryKey(restaurant.id, date), report),
    onSettled: () => queryClient.invalidateQueries({ queryKey: daysQueryKey(restaurant.id) }),
  });
}
