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

export type ButtonSize = 'normal' | 'large';

const SIZES: Record<ButtonSize, string> = {
  /** 44px tall: a target a finger hits on a tablet or a phone (and a mouse on a desktop). */
  normal: 'min-h-11 rounded-lg text-sm font-medium',
  /** The guest pages' main actions: full width and 56px tall, easy to hit with a thumb. */
  large: 'min-h-14 w-full rounded-2xl text-base font-semibold shadow-sm',
};

/** Shared with links that look like buttons. */
export function buttonClassName(
  variant: ButtonVariant = 'primary',
  className?: string,
  size: ButtonSize = 'normal',
): string {
  return cn(
    'inline-flex items-center justify-center gap-2 px-4',
    'transition-colors disabled:cursor-not-allowed disabled:opacity-60',
    SIZES[size],
    VARIANTS[variant],
    className,
  );
}

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Disables the button and shows `pendingLabel` while an action runs. */
  pending?: boolean;
  pendingLabel?: string;
  ref?: Ref<HTMLButtonElement>;
}

export function Button({
  variant = 'primary',
  size = 'normal',
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
      className={buttonClassName(variant, className, size)}
      disabled={disabled || pending}
      aria-busy={pending || undefined}
      {...props}
    >
      {pending ? <Spinner className={size === 'large' ? 'size-5' : 'size-4'} /> : null}
      {pending && pendingLabel ? pendingLabel : children}
    </button>
  );
}
