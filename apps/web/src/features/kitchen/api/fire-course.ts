import { useMutation, useQueryClient } from '@tanstack/react-query';
import { kitchenRoutes } from '@tavolo/contract/client/kitchen';
import { callEndpoint } from '../../../lib/api-client';
import { putCurrentOrder } from '../../../lib/current-orders';
import { useCurrentSession } from '../../../lib/current-session';

/** Fires a held course: its lines go to their stations. Answers the order. */
export function fireCourse({ orderId, course }: { orderId: string; course: number }) {
  return callEndpoint(kitchenRoutes.fireCourse, { params: { id: orderId }, body: { course } });
}

/** The pass shows the answer at once; the stream brings the same to every other screen. */
export function useFireCourse() {
  const queryClient = useQueryClient();
  const { restaurant } = useCurrentSession();
  return useMutation({
    mutationFn: fireCourse,
    onSuccess: (order) => putCurrentOrder(queryClient, restaurant.id, order),
  });
}
