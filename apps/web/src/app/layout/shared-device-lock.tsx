import { noteDeviceLocked, useSharedDevice } from '../../lib/current-device';
import { useLogout } from '../../lib/logout';
import { useIdleLock } from './use-idle-lock';

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
