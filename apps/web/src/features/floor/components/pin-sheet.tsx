import { useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import { cn } from '../../../lib/cn';
import { t } from '../../../lib/i18n/i18n';
import { isCompletePin, PIN_MAX_DIGITS, type PinKey, pressPinKey } from '../model/order-changes';

const KEYS: readonly PinKey[] = ['1', '2', '3', '4', '5', '6', '7', '8', '9'];

const keyClass = cn(
  'flex min-h-14 items-center justify-center rounded-xl border border-line bg-panel text-2xl font-semibold text-ink tabular-nums',
  'hover:bg-slate-50 active:bg-slate-200 disabled:opacity-50',
);

/**
 * Asks for a manager's PIN on the phone that asked for the change: a keypad of large keys, the PIN
 * masked as it is typed (a keyboard types too), four to six digits. The field asks for no system
 * keyboard, so the keypad stays in view on a phone.
 */
export function PinSheet({
  open,
  action,
  problem,
  pending,
  onSubmit,
  onCancel,
}: {
  open: boolean;
  /** What is to be approved, as a sentence ("Void 1 × Margherita"). */
  action: string;
  /** Why the last PIN did not do (refused, too many tries). */
  problem: string | null;
  pending: boolean;
  onSubmit: (pin: string) => void;
  onCancel: () => void;
}) {
  const [pin, setPin] = useState('');
  const field = useRef<HTMLInputElement>(null);
  const problemId = useId();
  // A refused PIN is cleared for the next try.
  const [seenProblem, setSeenProblem] = useState(problem);
  if (problem !== seenProblem) {
    setSeenProblem(problem);
    if (problem) setPin('');
  }
  if (!open && pin !== '') setPin('');

  const press = (key: PinKey) => {
    setPin((current) => pressPinKey(current, key));
    field.current?.focus({ preventScroll: true });
  };
  const submit = () => {
    if (isCompletePin(pin) && !pending) onSubmit(pin);
  };

  return (
    <ModalDialog
      open={open}
      onClose={() => {
        if (!pending) onCancel();
      }}
      variant="sheet"
      title={t('floor.pin.title')}
      description={t('floor.pin.description', { action })}
      initialFocus={field}
      testId="pin-sheet"
    >
      <form
        noValidate
        className="mx-auto flex max-w-xs flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <label className="flex flex-col items-center gap-2">
          <span className="text-sm font-medium text-ink">{t('floor.pin.label')}</span>
          <input
            ref={field}
            type="password"
            inputMode="none"
            autoComplete="off"
            maxLength={PIN_MAX_DIGITS}
            value={pin}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? problemId : undefined}
            onChange={(event) => setPin(event.target.value.replace(/\D/g, '').slice(0, PIN_MAX_DIGITS))}
            className={cn(
              'h-14 w-full rounded-xl border border-slate-300 bg-panel indent-[0.5em] text-center text-3xl tracking-[0.5em] text-ink',
              'focus-visible:border-accent-700 focus-visible:outline-accent-700 aria-invalid:border-red-700',
            )}
            data-testid="pin-input"
          />
        </label>
        {problem ? (
          <p id={problemId} role="alert" className="text-center text-sm font-medium text-red-700">
            {problem}
          </p>
        ) : null}
        <div className="grid grid-cols-3 gap-2" data-testid="pin-keypad">
          {KEYS.map((key) => (
            <button
              key={key}
              type="button"
              className={keyClass}
              onClick={() => press(key)}
              disabled={pending}
            >
              {key}
            </button>
          ))}
          <button
            type="button"
            className={cn(keyClass, 'text-base')}
            onClick={() => press('back')}
            disabled={pending || pin === ''}
            aria-label={t('floor.pin.back')}
          >
            ⌫
          </button>
          <button type="button" className={keyClass} onClick={() => press('0')} disabled={pending}>
            0
          </button>
          <Button
            type="submit"
            className="min-h-14 rounded-xl text-base"
            disabled={!isCompletePin(pin)}
            pending={pending}
            data-testid="pin-submit"
          >
            {t('floor.pin.approve')}
          </Button>
        </div>
      </form>
    </ModalDialog>
  );
}
