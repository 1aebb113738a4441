import { useEffect, useRef } from 'react';

/**
 * What counts as someone using the device: deliberate input only. Not mousemove: browsers send one
 * whenever the page changes under a resting pointer (a ticket arriving), which would keep an
 * untouched kitchen screen open for ever.
 */
const INPUT_EVENTS = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;
/** How often the idle time is looked at: a lock comes at most this late. */
const CHECK_EVERY_MS = 5_000;

/**
 * Calls `onIdle` once nobody has touched, clicked or typed for `minutes` (a shared device locking
 * to its name picker, PRODUCT.md §9). Off while `minutes` is null. Time is read from the clock on
 * each check, so a tablet that slept past the limit locks as soon as it wakes.
 */
export function useIdleLock(minutes: number | null, onIdle: () => void): void {
  const lastInput = useRef(Date.now());
  const idle = useRef(onIdle);
  idle.current = onIdle;

  useEffect(() => {
    if (minutes === null) return;
    lastInput.current = Date.now();
    let fired = false;
    const touched = () => {
      lastInput.current = Date.now();
    };
    for (const name of INPUT_EVENTS) window.addEventListener(name, touched, { passive: true, capture: true });
    const timer = window.setInterval(() => {
      if (fired || Date.now() - lastInput.current < minutes * 60_000) return;
      fired = true;
      idle.current();
    }, CHECK_EVERY_MS);
    return () => {
      window.clearInterval(timer);
      for (const name of INPUT_EVENTS) window.removeEventListener(name, touched, { capture: true });
    };
  }, [minutes]);
}
