import type { ButtonHTMLAttributes, Ref } from 'react';
import { cn } from '../../lib/cn';
import { Spinner } from './spinner';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';

const VARIANTS: Record<ButtonVariant, string> = {
  primary: 'bg-accent-700 text-white hover:bg-accent-800 active:bg-accent-900',
  secondary: 'border border-line bg-panel text-ink hover:bg-slate-50 active:bg-slate-100',
  ghost: 'text-ink-muted hover:bg-slate-100 hover:text-ink active:bg-slate-200',
  danger: 'bg-red-700 text-white hover:bg-red-800 active:bg-red-900',
};

/** Shared with links that look like buttons. 44px tall on touch screens, 40px from `sm` up. */
export function buttonClassName(variant: ButtonVariant = 'primary', className?: string): string {
  return cn(
    'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg px-4 text-sm font-medium',
    'transition-colors disabled:cursor-not-allowed disabled:opacity-60 sm:min-h-10',
    VARIANTS[variant],
    className,
  );
}

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  /** Disables the button and shows `pendingLabel` while an action runs. */
  pending?: boolean;
  pendingLabel?: string;
  ref?: Ref<HTMLButtonElement>;
}

export function Button({
  variant = 'primary',
  pending = false,
  pendingLabel,
  className,
  children,
  disabled,
  type = 'button',
  ...props
}: ButtonProps) {
  return (
    <button
      type={type}
      className={buttonClassName(variant, className)}
      disabled={disabled || pending}
      aria-busy={pending || undefined}
      {...props}
    >
      {pending ? <Spinner className="size-4" /> : null}
      {pending && pendingLabel ? pendingLabel : children}
    </button>
  );
}
