import type { ButtonHTMLAttributes } from 'react';
import { cn } from '../../lib/cn';

interface SwitchProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'role' | 'onChange'> {
  checked: boolean;
  onChange: (checked: boolean) => void;
}

/**
 * An on/off switch: its position says the state, its accessible name says what is switched
 * (give it `aria-label`, or a visible label with `aria-labelledby`). 44 px tall for a thumb.
 */
export function Switch({ checked, onChange, className, ...props }: SwitchProps) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      onClick={() => onChange(!checked)}
      className={cn(
        'group inline-flex min-h-11 min-w-16 shrink-0 items-center justify-center rounded-full',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-700',
        'disabled:cursor-not-allowed disabled:opacity-50',
        className,
      )}
      {...props}
    >
      <span
        aria-hidden="true"
        className={cn(
          'relative inline-flex h-7 w-12 items-center rounded-full border transition-colors',
          checked ? 'border-accent-700 bg-accent-700' : 'border-slate-400 bg-slate-200',
        )}
      >
        <span
          className={cn(
            'absolute size-5 rounded-full bg-white shadow transition-transform',
            checked ? 'translate-x-6' : 'translate-x-1',
          )}
        />
      </span>
    </button>
  );
}
