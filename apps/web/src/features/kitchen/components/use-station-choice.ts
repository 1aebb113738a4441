import type { TStation } from '@tavolo/contract/kitchen';
import { useCallback, useState } from 'react';

// A per-device preference, not the session's: a tablet on the grill stays the grill's screen.
const storageKey = (restaurantId: string) => `tavolo.kitchen.station.${restaurantId}`;

function readChoice(restaurantId: string): string | null {
  try {
    return globalThis.localStorage?.getItem(storageKey(restaurantId)) ?? null;
  } catch {
    return null;
  }
}

function writeChoice(restaurantId: string, stationId: string): void {
  try {
    globalThis.localStorage?.setItem(storageKey(restaurantId), stationId);
  } catch {
    // Without storage the choice lasts until the page reloads.
  }
}

/**
 * The station this device shows: the one chosen here before while it exists, else Kitchen (the
 * default station), else the first. Undefined until the stations have loaded.
 */
export function useStationChoice(
  restaurantId: string,
  stations: readonly TStation[] | undefined,
): [TStation | undefined, (stationId: string) => void] {
  const [chosenId, setChosenId] = useState(() => readChoice(restaurantId));
  const choose = useCallback(
    (stationId: string) => {
      writeChoice(restaurantId, stationId);
      setChosenId(stationId);
    },
    [restaurantId],
  );
  const station =
    stations?.find((one) => one.id === chosenId) ?? stations?.find((one) => one.isDefault) ?? stations?.[0];
  return [station, choose];
}
