import type { TKitchenTicket } from '@tavolo/contract/kitchen';
import { useEffect, useMemo, useRef } from 'react';
import { playAlert, unlockAudio } from '../../../lib/chime';
import { noticeKeys } from '../model/tickets';

/** While a mark waits to be seen, the alert sounds again this often. */
const REPEAT_MS = 30_000;

/**
 * Sounds the kitchen's alert when a void, a change or a recall comes onto the station's tickets,
 * and again every half minute until the cook has acknowledged every mark. Browsers play sound only
 * after a gesture: the first tap or key on the screen unlocks it.
 */
export function useNoticeAlert(tickets: readonly TKitchenTicket[]): number {
  const keys = useMemo(() => noticeKeys(tickets), [tickets]);
  const heard = useRef<Set<string>>(new Set());
  const signature = keys.join(',');

  useEffect(() => {
    const unlock = () => void unlockAudio();
    window.addEventListener('pointerdown', unlock);
    window.addEventListener('keydown', unlock);
    return () => {
      window.removeEventListener('pointerdown', unlock);
      window.removeEventListener('keydown', unlock);
    };
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the keys are read through their signature
  useEffect(() => {
    if (keys.some((key) => !heard.current.has(key))) playAlert();
    heard.current = new Set(keys);
  }, [signature]);

  const waiting = keys.length > 0;
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(playAlert, REPEAT_MS);
    return () => clearInterval(timer);
  }, [waiting]);

  return keys.length;
}
