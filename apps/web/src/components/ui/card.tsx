import type { HTMLAttributes } from 'react';
import { cn } from '../../lib/cn';

const PADDING = { default: 'p-4 sm:p-6', compact: 'p-4', none: '' } as const;

/** A white panel. Padding is a prop, not a class, because two padding classes would fight. */
export function Card({
  className,
  padding = 'default',
  ...props
}: HTMLAttributes<HTMLDivElement> & { padding?: keyof typeof PADDING }) {
  return (
    <div
      className={cn('rounded-xl border border-line bg-panel shadow-sm', PADDING[padding], className)}
      {...props}
    />
  );
}
