import { kitchenRoutes } from '@tavolo/contract/client/kitchen';
import { callEndpoint } from './api-client';

// Here rather than in a feature: the pass (kitchen) and the table's screen (floor) both fire
// courses, each keeping its own cache with the answer.

/**
 * Fires a held course: its lines go to their stations. Answers the order; 409 when that course
 * holds nothing any more.
 */
export function fireCourse({ orderId, course }: { orderId: string; course: number }) {
  return callEndpoint(kitchenRoutes.fireCourse, { params: { id: orderId }, body: { course } });
}
