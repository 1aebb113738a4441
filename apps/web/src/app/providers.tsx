import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ToastProvider } from '../components/ui/toast';
import { I18nProvider } from '../lib/i18n/i18n-provider';

/**
 * The toasts outlive a change of language (the app below is drawn afresh in the new one), so that
 * "saved" can be said in the language just chosen.
 */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <I18nProvider>{children}</I18nProvider>
      </ToastProvider>
    </QueryClientProvider>
  );
}
