import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffRoutes } from '@tavolo/contract/client/staff';
import { callEndpoint } from './api-client';
import { useCurrentSession } from './current-session';
import { staffQueryKey } from './setup-query-keys';

// Here rather than in a feature: one's own settings and the staff screen both set a PIN.

/** Sets a staff member's approval PIN, or removes it (null). */
export function setStaffPin({ staffId, pin }: { staffId: string; pin: string | null }) {
  return callEndpoint(staffRoutes.setStaffPin, { params: { id: staffId }, body: { pin } });
}

/** The staff lists say who has a PIN: they reload after a change. */
export function useSetStaffPin() {
  const queryClient = useQueryClient();
  const { restaurant } = useCurrentSession();
  return useMutation({
    mutationFn: setStaffPin,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffQueryKey(restaurant.id) }),
  });
}
