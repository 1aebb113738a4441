import { useCallback, useState } from 'react';

// A per-device preference, like the station: the tablet on the pass may want it, the big screen not.
const STORAGE_KEY = 'tavolo.kitchen.compact';

/** Without a choice made on this device: compact on a screen no taller than a 1024×768 tablet's. */
const COMPACT_BY_DEFAULT = '(max-height: 800px)';

function readCompact(): boolean {
  try {
    const stored = globalThis.localStorage?.getItem(STORAGE_KEY);
    if (stored === 'on') return true;
    if (stored === 'off') return false;
  } catch {
    // No storage: the screen's height decides.
  }
  return globalThis.matchMedia?.(COMPACT_BY_DEFAULT).matches ?? false;
}

/** Whether the station screen shows its tickets compact (six and more on a 1024×768 tablet). */
export function useCompactLayout(): [boolean, (compact: boolean) => void] {
  const [compact, setCompactState] = useState(readCompact);
  const setCompact = useCallback((next: boolean) => {
    try {
      globalThis.localStorage?.setItem(STORAGE_KEY, next ? 'on' : 'off');
    } catch {
      // Without storage the choice lasts until the page reloads.
    }
    setCompactState(next);
  }, []);
  return [compact, setCompact];
}
