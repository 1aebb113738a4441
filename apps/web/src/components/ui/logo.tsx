import { cn } from '../../lib/cn';

/** The Tavolo mark and word; the same mark as public/favicon.svg. */
export function Logo({ className, withWord = true }: { className?: string; withWord?: boolean }) {
  return (
    <span className={cn('inline-flex items-center gap-2 font-semibold text-ink', className)}>
      <svg viewBox="0 0 32 32" className="size-8 shrink-0" aria-hidden="true">
        <rect width="32" height="32" rx="8" fill="#0f766e" />
        <path d="M9 10h14M16 10v13" stroke="#fff" strokeWidth="3.5" strokeLinecap="round" />
      </svg>
      {withWord ? (
        <span className="text-lg tracking-tight">Tavolo</span>
      ) : (
        <span className="sr-only">Tavolo</span>
      )}
    </span>
  );
}
