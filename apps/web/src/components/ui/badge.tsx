import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

// Each pair passes WCAG AA (≥ 4.5:1) for small text.
const TONES = {
  neutral: 'bg-slate-100 text-slate-700',
  accent: 'bg-accent-50 text-accent-800',
  warning: 'bg-amber-100 text-amber-900',
  danger: 'bg-red-100 text-red-800',
  success: 'bg-green-100 text-green-800',
} as const;

export type BadgeTone = keyof typeof TONES;

/** A short status label ("Sold out", "Inactive"). */
export function Badge({
  tone = 'neutral',
  children,
  className,
}: {
  tone?: BadgeTone;
  children: ReactNode;
  className?: string;
}) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap',
        TONES[tone],
        className,
      )}
    >
      {children}
    </span>
  );
}
