import { type InputHTMLAttributes, type Ref, useId } from 'react';
import { cn } from '../../lib/cn';

interface CheckboxFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'> {
  label: string;
  hint?: string;
  ref?: Ref<HTMLInputElement>;
}

export function CheckboxField({ label, hint, className, ref, ...props }: CheckboxFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className={cn('flex items-start gap-3', className)}>
      {/* The label spans the whole row so the touch target is at least 44px tall. */}
      <input
        ref={ref}
        id={id}
        type="checkbox"
        aria-describedby={hint ? hintId : undefined}
        className="mt-3 size-5 shrink-0 rounded border-slate-400 accent-accent-700"
        {...props}
      />
      <div className="flex min-h-11 flex-col justify-center">
        <label htmlFor={id} className="text-sm font-medium text-ink">
          {label}
        </label>
        {hint ? (
          <p id={hintId} className="text-sm text-ink-muted">
            {hint}
          </p>
        ) : null}
      </div>
    </div>
  );
}
