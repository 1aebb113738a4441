import { useMutation, useQueryClient } from '@tanstack/react-query';
import { devicesRoutes } from '@tavolo/contract/client/devices';
import type { TMarkDeviceRequest } from '@tavolo/contract/devices';
import { callEndpoint } from '../../../lib/api-client';
import { currentDeviceQueryKey } from '../../../lib/current-device';

/** Marks this browser as a shared device of the restaurant (its HttpOnly cookie comes back). */
export function useMarkDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TMarkDeviceRequest) => callEndpoint(devicesRoutes.markDevice, { body: input }),
    onSuccess: (device) => queryClient.setQueryData(currentDeviceQueryKey, device),
  });
}

/** This browser is no longer a shared device. */
export function useForgetDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callEndpoint(devicesRoutes.forgetDevice),
    onSuccess: () => queryClient.setQueryData(currentDeviceQueryKey, null),
  });
}
