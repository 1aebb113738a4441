import { useMutation } from '@tanstack/react-query';
import { fireCourse } from '../../../lib/fire-course';
import { useFloorCache } from './floor-cache';

/** The table's screen shows the answer at once and reads the table again. */
export function useFireCourse() {
  const cache = useFloorCache();
  return useMutation({ mutationFn: fireCourse, onSuccess: (order) => cache.putOrder(order) });
}
