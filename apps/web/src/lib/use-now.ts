import { useEffect, useState } from 'react';
import { t } from './i18n/i18n';

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

/** "Just now", "7 min", "1 h 05 min". */
export function formatElapsed(minutes: number): string {
  if (minutes < 1) return t('lib.elapsed.justNow');
  if (minutes < 60) return t('lib.elapsed.minutes', { minutes });
  return t('lib.elapsed.hours', {
    hours: Math.floor(minutes / 60),
    minutes: String(minutes % 60).padStart(2, '0'),
  });
}
