import { type ReactNode, type RefObject, useEffect, useId, useRef } from 'react';
import { cn } from '../../lib/cn';
import { t } from '../../lib/i18n/i18n';
import { CloseIcon } from './icons';
import { useModalDialog } from './use-modal-dialog';

const VARIANTS = {
  /** In the middle of the screen. */
  center: 'm-auto w-[calc(100%-2rem)] rounded-xl max-h-[calc(100dvh-2rem)]',
  /** A bottom sheet on phones, a centred dialog from `sm` up. */
  sheet: cn(
    'mx-auto mt-auto mb-0 w-full max-w-full rounded-t-2xl max-h-[92dvh]',
    'sm:m-auto sm:w-[calc(100%-2rem)] sm:rounded-2xl sm:max-h-[calc(100dvh-4rem)]',
  ),
} as const;

// Widths are a prop rather than a className: two max-w utilities on one element win by their
// order in the stylesheet, not in the class list.
const SIZES = {
  normal: 'sm:max-w-lg',
  wide: 'sm:max-w-2xl',
} as const;

/**
 * A modal <dialog> with a title, a scrolling body and an optional footer that stays in view: the
 * browser traps focus, makes the page inert and closes it on Escape (the parent decides, through
 * `onClose`, since it may be busy). Focus returns to what had it before, usually the opener.
 */
export function ModalDialog({
  open,
  onClose,
  title,
  description,
  children,
  footer,
  variant = 'center',
  size = 'normal',
  initialFocus,
  closeLabel = t('ui.dialog.close'),
  className,
  flush = false,
  testId,
}: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  variant?: keyof typeof VARIANTS;
  size?: keyof typeof SIZES;
  /** What gets the focus on opening; otherwise the browser picks the first focusable element. */
  initialFocus?: RefObject<HTMLElement | null>;
  closeLabel?: string;
  className?: string;
  /** The body without padding, for content that runs edge to edge (a photo). */
  flush?: boolean;
  testId?: string;
}) {
  const { dialog, onClose: returnFocus } = useModalDialog(open, initialFocus);
  // A press that starts in a field and ends on the backdrop (selecting text) is not a close.
  const pressedBackdrop = useRef(false);
  const titleId = useId();
  const descriptionId = useId();

  // A modal does not stop the page behind from scrolling on touch screens; this does.
  useEffect(() => {
    if (!open) return;
    const root = document.documentElement;
    const previous = root.style.overflow;
    root.style.overflow = 'hidden';
    return () => {
      root.style.overflow = previous;
    };
  }, [open]);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the backdrop is mouse-only; keyboards close with Escape.
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      data-testid={testId}
      // React passes these on to the dialogs around this one (a refund opened from an order's
      // details): Escape or closing here must not close, or move the focus of, the one beneath.
      onCancel={(event) => {
        event.preventDefault();
        event.stopPropagation();
        onClose();
      }}
      onClose={(event) => {
        event.stopPropagation();
        returnFocus();
      }}
      onPointerDown={(event) => {
        pressedBackdrop.current = event.target === event.currentTarget;
      }}
      onClick={(event) => {
        // A click on the backdrop lands on the <dialog> itself; its content covers the rest.
        if (event.target === event.currentTarget && pressedBackdrop.current) onClose();
        pressedBackdrop.current = false;
      }}
      className={cn(
        'overflow-hidden border border-line bg-panel p-0 text-ink shadow-xl backdrop:bg-slate-900/50',
        'transition-[translate,opacity] duration-200 starting:open:translate-y-6 starting:open:opacity-0 motion-reduce:transition-none',
        VARIANTS[variant],
        SIZES[size],
        className,
      )}
    >
      {open ? (
        <div className="flex max-h-[inherit] flex-col">
          <div className="flex items-start gap-2 border-b border-line py-2 pr-2 pl-4 sm:pl-6">
            <div className="flex min-w-0 flex-1 flex-col gap-0.5 py-2">
              <h2 id={titleId} className="text-lg font-semibold break-words text-ink">
                {title}
              </h2>
              {description ? (
                <div id={descriptionId} className="text-sm text-ink-muted">
                  {description}
                </div>
              ) : null}
            </div>
            <button
              type="button"
              onClick={onClose}
              className="flex size-11 shrink-0 items-center justify-center rounded-lg text-ink-muted hover:bg-slate-100 hover:text-ink"
              aria-label={closeLabel}
            >
              <CloseIcon />
            </button>
          </div>
          <div className={cn('min-h-0 flex-1 overflow-y-auto overscroll-contain', !flush && 'p-4 sm:p-6')}>
            {children}
          </div>
          {footer ? (
            <div className="border-t border-line bg-panel p-4 pb-[max(1rem,env(safe-area-inset-bottom))] sm:px-6">
              {footer}
            </div>
          ) : null}
        </div>
      ) : null}
    </dialog>
  );
}
