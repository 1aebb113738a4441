import { type RefObject, useCallback, useEffect, useRef } from 'react';

/**
 * Opens and closes a <dialog> as a modal with `open`: the browser traps focus, makes the page
 * inert and turns Escape into a `cancel` event. Focus goes to `initialFocus` (or the browser's
 * pick) on opening and back to what had it before, usually the opener, on closing.
 * Spread the result's `onClose` on the <dialog>.
 */
export function useModalDialog(open: boolean, initialFocus?: RefObject<HTMLElement | null>) {
  const dialog = useRef<HTMLDialogElement>(null);
  const returnFocusTo = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      returnFocusTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      element.showModal();
      initialFocus?.current?.focus();
    } else if (open && initialFocus) {
      // Open already, and the content changed (another view of the same dialog): the element that
      // had the focus may be gone with the old content.
      initialFocus.current?.focus();
    }
    if (!open && element.open) element.close();
  }, [open, initialFocus]);

  // Unmounted while open (the screen changed): close it so the page does not stay inert.
  useEffect(() => () => dialog.current?.close(), []);

  const onClose = useCallback(() => {
    const target = returnFocusTo.current;
    returnFocusTo.current = null;
    if (target?.isConnected) target.focus();
  }, []);

  return { dialog, onClose };
}
