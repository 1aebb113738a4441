import type { InputHTMLAttributes, Ref } from 'react';
import { cn } from '../../lib/cn';
import { Field } from './field';

export const inputClassName = cn(
  'block min-h-11 w-full rounded-lg border border-slate-300 bg-panel px-3 text-base text-ink sm:text-sm',
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
  return (
    <Field label={label} hint={hint} error={error} className={className}>
      {(control) => <input ref={ref} {...control} className={inputClassName} {...props} />}
    </Field>
  );
}
