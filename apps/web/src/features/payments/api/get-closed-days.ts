import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { daysRoutes } from '@tavolo/contract/client/receipts';
import { callEndpoint } from '../../../lib/api-client';
import { useCurrentSession } from '../../../lib/current-session';
import { daysQueryKey } from './get-day-report';

export const closedDaysQueryKey = (restaurantId: string, page: number, pageSize: number) =>
  [...daysQueryKey(restaurantId), 'closed', { page, pageSize }] as const;

/** The closed business days, newest first: their Z reports' figures. */
export async function getClosedDays(page: number, pageSize: number, signal?: AbortSignal) {
  return callEndpoint(daysRoutes.listClosedDays, { query: { page, pageSize }, signal });
}

export function closedDaysQueryOptions(restaurantId: string, page: number, pageSize: number) {
  return queryOptions({
    queryKey: closedDaysQueryKey(restaurantId, page, pageSize),
    queryFn: ({ signal }) => getClosedDays(page, pageSize, signal),
    placeholderData: keepPreviousData,
  });
}

export function useClosedDays(page: number, pageSize: number) {
  const { restaurant } = useCurrentSession();
  return useQuery(closedDaysQueryOptions(restaurant.id, page, pageSize));
}
