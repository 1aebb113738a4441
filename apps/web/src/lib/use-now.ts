import { useEffect, useState } from 'react';

// Here rather than in a feature: the order board and the floor both count minutes.

/** The current time, refreshed every `intervalMs`: enough for minute-level timers. */
export function useNow(intervalMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
