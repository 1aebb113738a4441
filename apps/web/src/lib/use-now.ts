import { useEffect, useState } from 'react';

// Here rather than in a feature: the order board, the floor and the kitchen all count minutes.

/** The current time, refreshed every `intervalMs`: enough for minute-level timers. */
export function useNow(intervalMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/** Whole minutes from `sinceIso` to `now` (ms); a clock slightly behind the server's gives 0, not -1. */
export function elapsedMinutes(sinceIso: string, now: number): number {
  const since = Date.parse(sinceIso);
  if (Number.isNaN(since)) return 0;
  return Math.max(0, Math.floor((now - since) / 60_000));
}
