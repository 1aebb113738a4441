import type { Ref, TextareaHTMLAttributes } from 'react';
import { cn } from '../../lib/cn';
import { Field } from './field';
import { inputClassName } from './text-field';

interface TextareaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  label: string;
  error?: string;
  hint?: string;
  ref?: Ref<HTMLTextAreaElement>;
}

export function TextareaField({
  label,
  error,
  hint,
  className,
  ref,
  rows = 3,
  ...props
}: TextareaFieldProps) {
  return (
    <Field label={label} hint={hint} error={error} className={className}>
      {(control) => (
        <textarea ref={ref} {...control} rows={rows} className={cn(inputClassName, 'py-2')} {...props} />
      )}
    </Field>
  );
}
