import { useMutation } from '@tanstack/react-query';
import { kitchenRoutes } from '@tavolo/contract/client/kitchen';
import { callEndpoint } from '../../../lib/api-client';
import { useFloorCache } from './floor-cache';

/** Sends a held course of an order to its stations; 409 when that course holds nothing any more. */
export function fireCourse(input: { orderId: string; course: number }) {
  return callEndpoint(kitchenRoutes.fireCourse, {
    params: { id: input.orderId },
    body: { course: input.course },
  });
}

export function useFireCourse() {
  const cache = useFloorCache();
  return useMutation({ mutationFn: fireCourse, onSuccess: (order) => cache.putOrder(order) });
}
