import { useMutation, useQueryClient } from '@tanstack/react-query';
import { putCurrentOrder } from '../../../lib/current-orders';
import { useCurrentSession } from '../../../lib/current-session';
import { fireCourse } from '../../../lib/fire-course';

/** The pass shows the answer at once; the stream brings the same to every other screen. */
export function useFireCourse() {
  const queryClient = useQueryClient();
  const { restaurant } = useCurrentSession();
  return useMutation({
    mutationFn: fireCourse,
    onSuccess: (order) => putCurrentOrder(queryClient, restaurant.id, order),
  });
}
