import { type ReactNode, useId } from 'react';
import { cn } from '../../lib/cn';
import { formatFieldError } from './field-error';

/** What a field's control spreads onto itself so that the label names it and the messages describe it. */
export interface FieldControlProps {
  id: string;
  'aria-describedby': string | undefined;
  'aria-invalid': true | undefined;
}

interface FieldMessagesProps {
  label: string;
  hint?: ReactNode;
  error?: string;
}

/** The ids of a field's hint and error, and the aria-describedby that lists the ones shown. */
function useFieldIds({ hint, error }: FieldMessagesProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = cn(hint ? hintId : undefined, error ? errorId : undefined) || undefined;
  return { id, hintId, errorId, describedBy };
}

function FieldMessages({
  label,
  hint,
  error,
  hintId,
  errorId,
  announceError,
}: FieldMessagesProps & { hintId: string; errorId: string; announceError?: boolean }) {
  return (
    <>
      {hint ? (
        <p id={hintId} className="text-sm text-ink-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p
          id={errorId}
          role={announceError ? 'alert' : undefined}
          className="text-sm font-medium text-red-700"
        >
          {formatFieldError(label, error)}
        </p>
      ) : null}
    </>
  );
}

/**
 * One input with its label, hint and error. The control comes from `children`, which receives the
 * id and aria attributes to spread on it. `layout="checkbox"` puts the control first and the label
 * beside it, the way a checkbox reads.
 */
export function Field({
  label,
  hint,
  error,
  className,
  layout = 'stacked',
  announceError,
  children,
}: FieldMessagesProps & {
  className?: string;
  layout?: 'stacked' | 'checkbox';
  /** Errors that appear on their own (an upload failing), not after a submit, are read out at once. */
  announceError?: boolean;
  children: (control: FieldControlProps) => ReactNode;
}) {
  const { id, hintId, errorId, describedBy } = useFieldIds({ label, hint, error });
  const control = children({
    id,
    'aria-describedby': describedBy,
    'aria-invalid': error ? true : undefined,
  });
  const labelElement = (
    <label
      htmlFor={id}
      // Beside a checkbox the label is the touch target: 44px tall.
      className={cn('text-sm font-medium text-ink', layout === 'checkbox' && 'flex min-h-11 items-center')}
    >
      {label}
    </label>
  );
  const messages = (
    <FieldMessages
      label={label}
      hint={hint}
      error={error}
      hintId={hintId}
      errorId={errorId}
      announceError={announceError}
    />
  );

  if (layout === 'checkbox') {
    return (
      <div className={cn('flex items-start gap-3', className)}>
        {control}
        <div className="flex flex-col justify-center">
          {labelElement}
          {messages}
        </div>
      </div>
    );
  }
  return (
    <div className={cn('flex flex-col gap-1', className)}>
      {labelElement}
      {control}
      {messages}
    </div>
  );
}

/**
 * A group of controls (checkboxes, chips) named by a legend, with the hint and error describing
 * the whole group. The controls inside carry their own names.
 */
export function FieldGroup({
  label,
  hint,
  error,
  className,
  announceError,
  children,
}: FieldMessagesProps & { className?: string; announceError?: boolean; children: ReactNode }) {
  const { hintId, errorId, describedBy } = useFieldIds({ label, hint, error });
  return (
    <fieldset className={cn('flex flex-col gap-2', className)} aria-describedby={describedBy}>
      <legend className="mb-1 text-sm font-medium text-ink">{label}</legend>
      {children}
      <FieldMessages
        label={label}
        hint={hint}
        error={error}
        hintId={hintId}
        errorId={errorId}
        announceError={announceError}
      />
    </fieldset>
  );
}
