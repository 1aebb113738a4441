import { type InputHTMLAttributes, type Ref, useId } from 'react';
import { cn } from '../../lib/cn';
import { formatFieldError } from './field-error';

export const inputClassName = cn(
  'block min-h-11 w-full rounded-lg border border-slate-300 bg-panel px-3 text-base text-ink sm:min-h-10 sm:text-sm',
  'placeholder:text-slate-500 focus-visible:border-accent-700 focus-visible:outline-accent-700',
  'aria-invalid:border-red-700 aria-invalid:focus-visible:outline-red-700 disabled:bg-slate-100',
);

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  error?: string;
  hint?: string;
  ref?: Ref<HTMLInputElement>;
}

export function TextField({ label, error, hint, className, ref, ...props }: TextFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = cn(hint && hintId, error && errorId) || undefined;
  return (
    <div className={cn('flex flex-col gap-1', className)}>
      <label htmlFor={id} className="text-sm font-medium text-ink">
        {label}
      </label>
      <input
        ref={ref}
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={inputClassName}
        {...props}
      />
      {hint ? (
        <p id={hintId} className="text-sm text-ink-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm font-medium text-red-700">
          {formatFieldError(label, error)}
        </p>
      ) : null}
    </div>
  );
}
