import { queryOptions, useQuery } from '@tanstack/react-query';
import { devicesRoutes } from '@tavolo/contract/client/devices';
import type { TDevice } from '@tavolo/contract/devices';
import { callEndpoint } from './api-client';
import { useCurrentSession } from './current-session';

/*
 * Whether this browser is a shared device of a restaurant (PRODUCT.md §9). Its cookie is HttpOnly,
 * so only the server can tell: GET /api/devices/current answers the device, or null. The sign-in
 * screen (the name picker), the dashboard shell (switch user, the idle lock) and Settings ask it.
 */

export const currentDeviceQueryKey = ['devices', 'current'] as const;

/** The device this browser is, or null. */
export async function getCurrentDevice(signal?: AbortSignal): Promise<TDevice | null> {
  return (await callEndpoint(devicesRoutes.getCurrentDevice, { signal })).device;
}

export function currentDeviceQueryOptions() {
  return queryOptions({
    queryKey: currentDeviceQueryKey,
    queryFn: ({ signal }) => getCurrentDevice(signal),
    staleTime: 5 * 60_000,
  });
}

export function useCurrentDevice() {
  return useQuery(currentDeviceQueryOptions());
}

/** The shared device this browser is for the signed-in restaurant, or null (PRODUCT.md §9). */
export function useSharedDevice(): TDevice | null {
  const session = useCurrentSession();
  const { data: device } = useCurrentDevice();
  return device && device.restaurant.id === session.restaurantId ? device : null;
}

/*
 * The dashboard locked this shared device after its idle minutes: its name picker says so until
 * someone signs in. Kept here, not in the router's state: signing out races the protected route's
 * own redirect to /login, which carries a state of its own.
 */
let lockedForIdleness = false;

export function noteDeviceLocked(): void {
  lockedForIdleness = true;
}

export function wasDeviceLocked(): boolean {
  return lockedForIdleness;
}

export function clearDeviceLocked(): void {
  lockedForIdleness = false;
}
