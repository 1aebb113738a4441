import { queryOptions, useQuery } from '@tanstack/react-query';
import { devicesRoutes } from '@tavolo/contract/client/devices';
import { callEndpoint } from '../../../lib/api-client';

/** Who may switch in on this shared device (by its cookie): active staff with a PIN, by name. */
export function deviceStaffQueryOptions() {
  return queryOptions({
    queryKey: ['devices', 'current', 'staff'] as const,
    queryFn: ({ signal }) => callEndpoint(devicesRoutes.listDeviceStaff, { signal }),
    staleTime: 30_000,
  });
}

export function useDeviceStaff(enabled: boolean) {
  return useQuery({ ...deviceStaffQueryOptions(), enabled });
}
