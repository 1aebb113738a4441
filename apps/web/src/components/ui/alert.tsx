import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

const TONES = {
  error: 'border-red-200 bg-red-50 text-red-800',
  success: 'border-green-200 bg-green-50 text-green-800',
  info: 'border-accent-100 bg-accent-50 text-accent-900',
} as const;

/** An inline message; errors are announced at once (role="alert"), the rest politely. */
export function Alert({
  tone = 'error',
  children,
  className,
}: {
  tone?: keyof typeof TONES;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={cn('rounded-lg border px-4 py-3 text-sm', TONES[tone], className)}
    >
      {children}
    </div>
  );
}
