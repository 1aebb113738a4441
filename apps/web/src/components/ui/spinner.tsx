import { cn } from '../../lib/cn';
import { t } from '../../lib/i18n/i18n';

export function Spinner({ className }: { className?: string }) {
  return (
    <svg className={cn('animate-spin', className)} viewBox="0 0 24 24" fill="none" aria-hidden="true">
      <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
      <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

/** The "Loading..." placeholder shown while the session or a screen's code loads. */
export function Loading({ fullScreen = false }: { fullScreen?: boolean }) {
  return (
    <div
      role="status"
      className={cn(
        'flex items-center justify-center gap-2 p-8 text-sm text-ink-muted',
        fullScreen && 'min-h-dvh',
      )}
    >
      <Spinner className="size-5 text-accent-700" />
      <span>{t('ui.loading')}</span>
    </div>
  );
}
