import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { reviewsRoutes } from '@tavolo/contract/client/reviews';
import type { BodyOf } from '@tavolo/contract/endpoint';
import type { TReview } from '@tavolo/contract/reviews';
import { GUEST_TOKEN_HEADER } from '@tavolo/contract/values/orders';
import { callEndpoint } from '../../../lib/api-client';

export const orderReviewQueryKey = (orderId: string) => ['guest', 'order', orderId, 'review'] as const;

/** The guest's order's review, or null while it has none. */
export async function getOrderReview(orderId: string, guestToken: string, signal?: AbortSignal) {
  return callEndpoint(reviewsRoutes.getOrderReview, {
    params: { orderId },
    headers: { [GUEST_TOKEN_HEADER]: guestToken },
    signal,
  });
}

export function orderReviewQueryOptions(orderId: string, guestToken: string) {
  return queryOptions({
    queryKey: orderReviewQueryKey(orderId),
    queryFn: ({ signal }) => getOrderReview(orderId, guestToken, signal),
    // A review never changes once written: one answer is enough.
    staleTime: Number.POSITIVE_INFINITY,
    retry: 1,
  });
}

/** Asked only once the order can be reviewed and this phone does not already know the answer. */
export function useOrderReview(orderId: string, guestToken: string, enabled: boolean) {
  return useQuery({ ...orderReviewQueryOptions(orderId, guestToken), enabled });
}

export type CreateReviewInput = BodyOf<typeof reviewsRoutes.createReview>;

/** Sends the guest's review; the order's token in the body is their credential. */
export async function createReview(body: CreateReviewInput): Promise<TReview> {
  return callEndpoint(reviewsRoutes.createReview, { body });
}

export function useCreateReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReview,
    networkMode: 'always',
    onSuccess: (review) => {
      queryClient.setQueryData(orderReviewQueryKey(review.orderId), { review });
    },
  });
}
