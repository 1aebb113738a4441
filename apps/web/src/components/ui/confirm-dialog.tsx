import { type ReactNode, useId, useRef } from 'react';
import { t } from '../../lib/i18n/i18n';
import { Button } from './button';
import { useModalDialog } from './use-modal-dialog';

/**
 * Asks before something that cannot be undone. A modal <dialog>: the browser traps focus, makes
 * the page inert and closes it on Escape. Focus starts on Cancel, the safe choice, and returns to
 * whatever had it before (the button that asked) when the dialog closes. Without `onConfirm` it only
 * explains why the action cannot be done now, with one button to close it.
 */
export function ConfirmDialog({
  open,
  title,
  description,
  confirmLabel,
  pendingLabel,
  cancelLabel = t('ui.dialog.cancel'),
  tone = 'danger',
  pending = false,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  description?: ReactNode;
  confirmLabel?: string;
  pendingLabel?: string;
  cancelLabel?: string;
  tone?: 'danger' | 'primary';
  pending?: boolean;
  onConfirm?: () => void;
  onCancel: () => void;
}) {
  const cancel = useRef<HTMLButtonElement>(null);
  // Focus starts on Cancel, the safe choice.
  const { dialog, onClose } = useModalDialog(open, cancel);
  const titleId = useId();
  const descriptionId = useId();

  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onCancel={(event) => {
        // Escape: the parent decides (it may be busy deleting).
        event.preventDefault();
        if (!pending) onCancel();
      }}
      onClose={onClose}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-xl border border-line bg-panel p-0 text-ink shadow-xl backdrop:bg-slate-900/40"
    >
      <div className="flex flex-col gap-4 p-6">
        <h2 id={titleId} className="text-lg font-semibold text-ink">
          {title}
        </h2>
        {description ? (
          <div id={descriptionId} className="text-sm text-ink-muted">
            {description}
          </div>
        ) : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button ref={cancel} variant="secondary" onClick={onCancel} disabled={pending}>
            {cancelLabel}
          </Button>
          {onConfirm ? (
            <Button variant={tone} onClick={onConfirm} pending={pending} pendingLabel={pendingLabel}>
              {confirmLabel}
            </Button>
          ) : null}
        </div>
      </div>
    </dialog>
  );
}
