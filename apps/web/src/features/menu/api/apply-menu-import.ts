import { useMutation, useQueryClient } from '@tanstack/react-query';
import { menuImportRoutes } from '@tavolo/contract/client/menu-import';
import { callEndpoint } from '../../../lib/api-client';
import { useCurrentSession } from '../../../lib/current-session';
import { menuDataKey } from '../../../lib/menu-query-keys';

/**
 * Applies a preview in one go. 409 when it had errors, was applied already, or the menu changed
 * since in what the file reads (read the file again); 404 once it expired.
 */
export function applyMenuImport(previewId: string) {
  return callEndpoint(menuImportRoutes.applyMenuImport, { params: { previewId } });
}

export function useApplyMenuImport() {
  const queryClient = useQueryClient();
  const { restaurant } = useCurrentSession();
  return useMutation({
    mutationFn: applyMenuImport,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: menuDataKey(restaurant.id) }),
  });
}
