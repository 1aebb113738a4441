import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { paymentsRoutes } from '@tavolo/contract/client/payments';
import { callEndpoint } from '../../../lib/api-client';
import { useCurrentSession } from '../../../lib/current-session';
import { paymentsQueryKey } from '../../../lib/money-query-keys';

/** Inclusive days (YYYY-MM-DD) in the restaurant's time zone. */
export interface StatsPeriod {
  from: string;
  to: string;
}

export const paymentStatsQueryKey = (restaurantId: string, period: StatsPeriod) =>
  [...paymentsQueryKey(restaurantId), 'stats', period] as const;

/** Revenue for a period: totals, by method, by day, refunds. The path's id names the restaurant. */
export async function getPaymentStats(restaurantId: string, period: StatsPeriod, signal?: AbortSignal) {
  return callEndpoint(paymentsRoutes.paymentStats, { params: { restaurantId }, query: period, signal });
}

export function paymentStatsQueryOptions(restaurantId: string, period: StatsPeriod) {
  return queryOptions({
    queryKey: paymentStatsQueryKey(restaurantId, period),
    queryFn: ({ signal }) => getPaymentStats(restaurantId, period, signal),
    placeholderData: keepPreviousData,
  });
}

export function usePaymentStats(period: StatsPeriod | null) {
  const { restaurant } = useCurrentSession();
  const fallback = { from: '', to: '' };
  return useQuery({
    ...paymentStatsQueryOptions(restaurant.id, period ?? fallback),
    enabled: period !== null,
  });
}
