import type { InputHTMLAttributes, Ref } from 'react';
import { Field } from './field';

interface CheckboxFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'> {
  label: string;
  hint?: string;
  ref?: Ref<HTMLInputElement>;
}

export function CheckboxField({ label, hint, className, ref, ...props }: CheckboxFieldProps) {
  return (
    <Field label={label} hint={hint} className={className} layout="checkbox">
      {(control) => (
        <input
          ref={ref}
          {...control}
          type="checkbox"
          className="mt-3 size-5 shrink-0 rounded border-slate-400 accent-accent-700"
          {...props}
        />
      )}
    </Field>
  );
}
