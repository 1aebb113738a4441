import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { useToast } from '../../../components/ui/toast';
import { getErrorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { useCurrentSession } from '../../../lib/current-session';
import { activeLanguage, t } from '../../../lib/i18n/i18n';
import { browserLanguage, LANGUAGE_NAMES, LANGUAGES, type Language } from '../../../lib/i18n/languages';
import { personLanguage, speakPersonLanguage } from '../../../lib/i18n/person-language';
import { useUpdatePreferences } from '../api/update-preferences';

/** "Follow the browser", or one of the five languages. */
type Choice = Language | 'browser';

/**
 * The dashboard is drawn afresh in a new language (I18nProvider), this form with it: the new one
 * gives the focus back to its button, where the person left it.
 */
let focusAfterSwitch = false;

/** One's own language: the dashboard speaks it to this person only (PUT /auth/me/preferences). */
export function PersonLanguageForm() {
  const session = useCurrentSession();
  const toast = useToast();
  const update = useUpdatePreferences();
  const [choice, setChoice] = useState<Choice>(session.language ?? 'browser');
  const [formError, setFormError] = useState<string | null>(null);
  // Saving, then loading the new language's words.
  const [busy, setBusy] = useState(false);
  const submit = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!focusAfterSwitch) return;
    focusAfterSwitch = false;
    submit.current?.focus();
  }, []);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    setBusy(true);
    let saved: Awaited<ReturnType<typeof update.mutateAsync>>;
    try {
      saved = await update.mutateAsync({ language: choice === 'browser' ? null : choice });
    } catch (error) {
      setFormError(getErrorMessage(error));
      setBusy(false);
      return;
    }
    focusAfterSwitch = personLanguage(saved.language) !== activeLanguage();
    try {
      // The protected route asks for it too (the session now carries it): the same words, loaded once.
      await speakPersonLanguage(saved.language);
    } catch {
      focusAfterSwitch = false;
      setBusy(false);
      toast.error(t('settings.language.notLoaded'));
      return;
    }
    setBusy(false);
    // Said in the language just chosen.
    toast.success(t('settings.language.saved'));
  };

  const choices: { value: Choice; label: string; lang?: Language }[] = [
    {
      value: 'browser',
      label: t('settings.language.followBrowser', { language: LANGUAGE_NAMES[browserLanguage()] }),
    },
    ...LANGUAGES.map((language) => ({ value: language, label: LANGUAGE_NAMES[language], lang: language })),
  ];

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={t('settings.language.title')}
      className="flex flex-col gap-4"
    >
      <fieldset className="flex min-w-0 flex-col gap-2">
        <legend className="sr-only">{t('settings.language.legend')}</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {choices.map((option) => (
            <label
              key={option.value}
              className={cn(
                'flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border px-3 py-2 text-sm text-ink',
                'has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-offset-1 has-[input:focus-visible]:outline-accent-700',
                choice === option.value
                  ? 'border-accent-700 bg-accent-50 font-medium'
                  : 'border-line hover:bg-slate-50',
                option.value === 'browser' && 'sm:col-span-2',
              )}
            >
              <input
                type="radio"
                name="language"
                value={option.value}
                checked={choice === option.value}
                onChange={() => setChoice(option.value)}
                className="size-5 shrink-0 accent-accent-700"
              />
              <span lang={option.lang}>{option.label}</span>
            </label>
          ))}
        </div>
      </fieldset>
      {formError ? <Alert>{formError}</Alert> : null}
      <div>
        <Button ref={submit} type="submit" pending={busy} pendingLabel={t('settings.language.saving')}>
          {t('settings.language.save')}
        </Button>
      </div>
    </form>
  );
}
