import { Fragment, type ReactNode, useSyncExternalStore } from 'react';
import { i18n } from './i18n';

const subscribe = (onChange: () => void) => i18n.on('change', onChange);
const currentLanguage = () => i18n.locale;

/** The active language, drawn again when it changes: for what stays mounted across a change (the toasts). */
export function useActiveLanguage(): string {
  return useSyncExternalStore(subscribe, currentLanguage, currentLanguage);
}

/**
 * Draws the app in the active language and draws it again, from the top, when the language changes:
 * every `t` call, memoised or not, then reads the new catalogue. Nothing is drawn before a catalogue
 * is active (the entry points activate one before they render).
 */
export function I18nProvider({ children }: { children: ReactNode }) {
  const language = useActiveLanguage();
  if (!language) return null;
  return <Fragment key={language}>{children}</Fragment>;
}
