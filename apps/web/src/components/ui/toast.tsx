import { createContext, type ReactNode, use, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { cn } from '../../lib/cn';
import { t } from '../../lib/i18n/i18n';
import { useActiveLanguage } from '../../lib/i18n/i18n-provider';

type ToastTone = 'success' | 'error';

interface Toast {
  id: number;
  tone: ToastTone;
  message: string;
}

interface ToastApi {
  success(message: string): void;
  error(message: string): void;
  /** Clears every toast (a screen that leaves the app's chrome behind, such as the print sheet). */
  dismissAll(): void;
}

const ToastContext = createContext<ToastApi | null>(null);

const DISMISS_AFTER_MS = { success: 5_000, error: 8_000 } as const;

/** Outside the language's provider (app/providers.tsx): it draws its own words again when the language changes. */
export function ToastProvider({ children }: { children: ReactNode }) {
  useActiveLanguage();
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => setToasts((all) => all.filter((toast) => toast.id !== id)), []);
  const show = useCallback((tone: ToastTone, message: string) => {
    const id = nextId.current++;
    setToasts((all) => [...all.slice(-3), { id, tone, message }]);
  }, []);
  const api = useMemo<ToastApi>(
    () => ({
      success: (message) => show('success', message),
      error: (message) => show('error', message),
      dismissAll: () => setToasts([]),
    }),
    [show],
  );

  return (
    <ToastContext value={api}>
      {children}
      {/*
       * Always in the DOM so that screen readers pick up what is added to it. At the top, over the
       * top bar: the bottom of the screen is where the board's cards keep their buttons. Never printed.
       */}
      <section
        aria-label={t('ui.toast.region')}
        aria-live="polite"
        className="pointer-events-none fixed inset-x-0 top-0 z-50 flex flex-col items-center gap-2 p-2 sm:items-end sm:px-4 print:hidden"
      >
        {toasts.map((toast) => (
          <ToastItem key={toast.id} toast={toast} onDismiss={dismiss} />
        ))}
      </section>
    </ToastContext>
  );
}

function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss: (id: number) => void }) {
  useEffect(() => {
    const timer = setTimeout(() => onDismiss(toast.id), DISMISS_AFTER_MS[toast.tone]);
    return () => clearTimeout(timer);
  }, [toast, onDismiss]);

  return (
    <div
      role={toast.tone === 'error' ? 'alert' : 'status'}
      className={cn(
        'pointer-events-auto flex w-full max-w-sm items-center gap-3 rounded-lg py-2 pr-2 pl-4 text-sm shadow-lg',
        toast.tone === 'error' ? 'bg-red-700 text-white' : 'bg-slate-900 text-white',
      )}
    >
      <p className="flex-1">{toast.message}</p>
      <button
        type="button"
        onClick={() => onDismiss(toast.id)}
        className="flex size-11 shrink-0 items-center justify-center rounded-md hover:bg-white/10 focus-visible:outline-white"
        aria-label={t('ui.toast.dismiss')}
      >
        <svg
          viewBox="0 0 24 24"
          className="size-4"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          aria-hidden="true"
        >
          <path d="M6 6l12 12M18 6L6 18" strokeLinecap="round" />
        </svg>
      </button>
    </div>
  );
}

export function useToast(): ToastApi {
  const api = use(ToastContext);
  if (!api) throw new Error('useToast is used outside ToastProvider');
  return api;
}
