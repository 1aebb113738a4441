import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { reviewsRoutes } from '@tavolo/contract/client/reviews';
import type { QueryOf } from '@tavolo/contract/endpoint';
import { callEndpoint } from '../../../lib/api-client';
import { useCurrentSession } from '../../../lib/current-session';

export type ReviewListQuery = Pick<QueryOf<typeof reviewsRoutes.listReviews>, 'rating'> & {
  page: number;
  pageSize: number;
};

export const reviewsQueryKey = (restaurantId: string) => ['reviews', restaurantId] as const;
export const reviewListQueryKey = (restaurantId: string, query: ReviewListQuery) =>
  [...reviewsQueryKey(restaurantId), 'list', query] as const;

/** One page of the restaurant's reviews, newest first, with the average and distribution of all. */
export async function getReviews(restaurantId: string, query: ReviewListQuery, signal?: AbortSignal) {
  return callEndpoint(reviewsRoutes.listReviews, { params: { restaurantId }, query, signal });
}

export function reviewsQueryOptions(restaurantId: string, query: ReviewListQuery) {
  return queryOptions({
    queryKey: reviewListQueryKey(restaurantId, query),
    queryFn: ({ signal }) => getReviews(restaurantId, query, signal),
    // Paging and filtering keep the last page on screen until the next one arrives.
    placeholderData: keepPreviousData,
  });
}

export function useReviews(query: ReviewListQuery) {
  const { restaurant } = useCurrentSession();
  return useQuery(reviewsQueryOptions(restaurant.id, query));
}
