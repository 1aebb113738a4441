import type { ButtonHTMLAttributes } from 'react';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';

/** The guest pages' main actions: full width and 56px tall, easy to hit with a thumb. */
export const bigButtonClassName = cn(
  'inline-flex min-h-14 w-full items-center justify-center gap-2 rounded-2xl bg-accent-700 px-4 text-base font-semibold text-white shadow-sm',
  'transition-colors hover:bg-accent-800 active:bg-accent-900 disabled:cursor-not-allowed disabled:opacity-60',
);

export function BigButton({
  pending = false,
  pendingLabel,
  className,
  children,
  disabled,
  type = 'button',
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { pending?: boolean; pendingLabel?: string }) {
  return (
    <button
      type={type}
      className={cn(bigButtonClassName, className)}
      disabled={disabled || pending}
      aria-busy={pending || undefined}
      {...props}
    >
      {pending ? <Spinner className="size-5" /> : null}
      {pending && pendingLabel ? pendingLabel : children}
    </button>
  );
}
