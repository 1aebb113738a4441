import type { TDevice } from '@tavolo/contract/devices';
import { useLogout } from '../../features/auth/api/logout';
import { noteDeviceLocked, useCurrentDevice } from '../../lib/current-device';
import { useCurrentSession } from '../../lib/current-session';
import { useIdleLock } from './use-idle-lock';

/** The shared device this browser is for the signed-in restaurant, or null (PRODUCT.md §9). */
export function useSharedDevice(): TDevice | null {
  const session = useCurrentSession();
  const { data: device } = useCurrentDevice();
  return device && device.restaurant.id === session.restaurantId ? device : null;
}

/**
 * On a shared device, ends the session after the device's idle minutes and goes back to the name
 * picker, which says it locked: the next person taps their name and types their PIN.
 */
export function SharedDeviceLock() {
  const device = useSharedDevice();
  const logout = useLogout();
  useIdleLock(device?.lockMinutes ?? null, () => {
    noteDeviceLocked();
    logout.mutate();
  });
  return null;
}
