import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TBackupsState } from '@tavolo/contract/backups';
import { backupsRoutes } from '@tavolo/contract/client/backups';
import { callEndpoint } from '../../../lib/api-client';

/** The installation's backups (one for every restaurant the owner switches between). */
export const backupsQueryKey = ['backups'] as const;

/** While a backup is being made the state is read this often, so the screen shows it done. */
export const BACKUP_POLL_MS = 2000;

export function getBackups(signal?: AbortSignal) {
  return callEndpoint(backupsRoutes.listBackups, { signal });
}

export function backupsQueryOptions() {
  return queryOptions({
    queryKey: backupsQueryKey,
    queryFn: ({ signal }) => getBackups(signal),
    refetchInterval: (query) => (query.state.data?.running ? BACKUP_POLL_MS : false),
  });
}

export function useBackups() {
  return useQuery(backupsQueryOptions());
}

export type { TBackupsState };
