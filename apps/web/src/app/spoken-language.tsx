import { type ReactNode, useEffect, useState } from 'react';
import { Outlet } from 'react-router';
import { Loading } from '../components/ui/spinner';
import { activeLanguage } from '../lib/i18n/i18n';
import type { Language } from '../lib/i18n/languages';
import { browserLanguage } from '../lib/i18n/languages';
import { speakBrowserLanguage } from '../lib/i18n/person-language';

/**
 * Asks for `wanted` (through `speak`, which loads its words and makes it the active language) and
 * says whether what follows may be drawn: not before `wanted` is spoken, so that a screen never
 * shows a frame in another language (a reload, the first screen after signing in), but once drawn,
 * it stays while a later change is loading (a new choice in Settings), then is drawn afresh in it
 * (I18nProvider). A language whose words fail to load does not hold the screen: it draws in the
 * language there is.
 */
export function useSpokenLanguage(wanted: Language, speak: (language: Language) => Promise<void>): boolean {
  const [failed, setFailed] = useState<Language | null>(null);
  const spoken = activeLanguage() === wanted || failed === wanted;
  const [drawn, setDrawn] = useState(spoken);
  if (spoken && !drawn) setDrawn(true);

  useEffect(() => {
    let current = true;
    speak(wanted).catch(() => {
      if (current) setFailed(wanted);
    });
    return () => {
      current = false;
    };
  }, [wanted, speak]);

  return spoken || drawn;
}

/** Draws `children` once `language` is spoken (see useSpokenLanguage); "Loading..." until then. */
export function InLanguage({
  language,
  speak,
  children,
}: {
  language: Language;
  speak: (language: Language) => Promise<void>;
  children: ReactNode;
}) {
  return useSpokenLanguage(language, speak) ? children : <Loading fullScreen />;
}

const speakBrowsers = () => speakBrowserLanguage();

/**
 * The sign-in screens (sign in, sign up, forgot and reset password) follow the browser, whoever
 * last signed in on it: after signing out, the next screen is in the browser's language.
 */
export function BrowserLanguageScreens() {
  return (
    <InLanguage language={browserLanguage()} speak={speakBrowsers}>
      <Outlet />
    </InLanguage>
  );
}
