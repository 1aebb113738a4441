import { useMutation, useQueryClient } from '@tanstack/react-query';
import { backupsRoutes } from '@tavolo/contract/client/backups';
import { callEndpoint } from '../../../lib/api-client';
import { backupsQueryKey } from './get-backups';

/** Starts a backup now: the answer is the state with it running (the screen then polls). */
export function takeBackup() {
  return callEndpoint(backupsRoutes.takeBackup, {});
}

export function useTakeBackup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: takeBackup,
    onSuccess: (state) => queryClient.setQueryData(backupsQueryKey, state),
    // Refused (one running, none possible): what the server says now replaces what was shown.
    onError: () => queryClient.invalidateQueries({ queryKey: backupsQueryKey }),
  });
}
