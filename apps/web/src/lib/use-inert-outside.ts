import { type RefObject, useEffect } from 'react';

/**
 * While `active`, makes everything on the page but `ref`'s element inert (no focus, no clicks,
 * hidden from assistive technology): for a view that covers the whole screen without being a
 * modal dialog. Dialogs and live regions (toasts) stay usable.
 */
export function useInertOutside(ref: RefObject<HTMLElement | null>, active: boolean) {
  useEffect(() => {
    if (!active || !ref.current) return;
    const made: Element[] = [];
    const keep = 'dialog, [aria-live]';
    for (let node: Element = ref.current; node.parentElement && node !== document.body; ) {
      const parent: Element = node.parentElement;
      for (const sibling of parent.children) {
        if (sibling === node || sibling.hasAttribute('inert')) continue;
        if (sibling.matches(keep) || sibling.querySelector(keep)) continue;
        sibling.setAttribute('inert', '');
        made.push(sibling);
      }
      node = parent;
    }
    return () => {
      for (const element of made) element.removeAttribute('inert');
    };
  }, [ref, active]);
}
