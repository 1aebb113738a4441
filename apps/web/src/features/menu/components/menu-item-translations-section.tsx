import { useEffect, useId, useState } from 'react';
import { type FieldPath, get, type UseFormReturn, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { inputClassName } from '../../../components/ui/text-field';
import { cn } from '../../../lib/cn';
import { useCan } from '../../../lib/current-session';
import { t } from '../../../lib/i18n/i18n';
import { languageName } from '../../../lib/i18n/language-name';
import type { Language } from '../../../lib/i18n/languages';
import type { MenuItemFormValues } from '../model/menu-item-form-schema';
import {
  countMissingTranslations,
  isMissing,
  listTranslatableTexts,
  type TranslatableDish,
  type TranslatableText,
} from '../model/menu-item-translations';
import { FormSection } from './form-section';

type Form = UseFormReturn<MenuItemFormValues>;

/** What the dish says now, as the translations follow it while the person types. */
function useTranslatableDish(form: Form): TranslatableDish {
  const [name, description, translations, options] = useWatch({
    control: form.control,
    name: ['name', 'description', 'translations', 'options'],
  });
  return {
    name: name ?? '',
    description: description ?? '',
    translations: translations ?? {},
    options: options ?? [],
  };
}

/**
 * The dish's texts in the restaurant's other languages, one language at a time: each text in the
 * working language beside its translation, with what is missing counted per language. Saved with
 * the rest of the form.
 */
export function MenuItemTranslationsSection({
  form,
  languages,
}: {
  form: Form;
  /** The restaurant's languages, the working language first (at least two). */
  languages: readonly Language[];
}) {
  const [working = 'en', ...others] = languages;
  const dish = useTranslatableDish(form);
  const { errors, submitCount } = form.formState;
  const [chosen, setChosen] = useState<Language | undefined>(others[0]);
  const language = chosen && others.includes(chosen) ? chosen : others[0];

  const summary = others.map((other) => ({
    language: other,
    missing: countMissingTranslations(dish, other),
    invalid: listTranslatableTexts(dish, other).some((text) => get(errors, text.field) !== undefined),
  }));

  // A save refused for a text in another language shows that language: its input holds the message.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after each attempt to save.
  useEffect(() => {
    const current = summary.find((entry) => entry.language === language);
    const refused = summary.find((entry) => entry.invalid);
    if (refused && !current?.invalid) setChosen(refused.language);
  }, [submitCount]);

  if (!language) return null;
  const workingName = languageName(working);
  // A new dish with nothing written yet lacks nothing: no counts until there is something to translate.
  const hasSource = listTranslatableTexts(dish, language).some((text) => text.source !== '');

  return (
    <FormSection
      title={t('menu.editor.translations.title')}
      description={t('menu.editor.translations.hint', { language: workingName })}
      aside={
        hasSource ? (
          <ul className="flex flex-wrap gap-1.5" aria-label={t('menu.editor.translations.summary')}>
            {summary.map((entry) => (
              <li key={entry.language}>
                <Badge tone={entry.missing > 0 ? 'warning' : 'success'}>
                  {t('menu.editor.translations.missingIn', {
                    language: languageName(entry.language, { standalone: true }),
                    count: entry.missing,
                  })}
                </Badge>
              </li>
            ))}
          </ul>
        ) : null
      }
    >
      {others.length > 1 ? (
        <LanguageSwitch summary={summary} counted={hasSource} value={language} onChange={setChosen} />
      ) : null}
      <TranslationsPanel form={form} dish={dish} working={working} language={language} />
    </FormSection>
  );
}

/** The languages as a row of choices, each with what it lacks. Native radios: Tab, then the arrow keys. */
function LanguageSwitch({
  summary,
  counted,
  value,
  onChange,
}: {
  summary: readonly { language: Language; missing: number; invalid: boolean }[];
  /** Whether there is anything to translate yet. */
  counted: boolean;
  value: Language;
  onChange: (language: Language) => void;
}) {
  const name = useId();
  return (
    <fieldset className="min-w-0">
      <legend className="sr-only">{t('menu.editor.translations.chooseLanguage')}</legend>
      <div className="flex flex-wrap gap-2">
        {summary.map((entry) => {
          const checked = entry.language === value;
          return (
            <label
              key={entry.language}
              className={cn(
                'flex min-h-11 min-w-[8.5rem] flex-1 cursor-pointer flex-col justify-center rounded-lg border px-3 py-1.5 sm:flex-none',
                'has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-offset-1 has-[input:focus-visible]:outline-accent-700',
                checked ? 'border-accent-700 bg-accent-50' : 'border-line bg-panel hover:bg-slate-50',
              )}
            >
              <input
                type="radio"
                className="sr-only"
                name={name}
                value={entry.language}
                checked={checked}
                onChange={() => onChange(entry.language)}
              />
              <span className="text-sm font-medium text-ink">
                {languageName(entry.language, { standalone: true })}
              </span>
              {counted ? (
                <span className={cn('text-xs', entry.missing > 0 ? 'text-amber-800' : 'text-green-800')}>
                  {entry.missing > 0
                    ? t('menu.editor.translations.missingCount', { count: entry.missing })
                    : t('menu.editor.translations.complete')}
                </span>
              ) : null}
              {entry.invalid ? (
                <span className="text-xs font-medium text-red-700">
                  {t('menu.editor.translations.invalid')}
                </span>
              ) : null}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

function TranslationsPanel({
  form,
  dish,
  working,
  language,
}: {
  form: Form;
  dish: TranslatableDish;
  working: Language;
  language: Language;
}) {
  const texts = listTranslatableTexts(dish, language);
  const target = languageName(language);
  const row = (text: TranslatableText, label: string) => (
    <TranslationRow
      key={`${language}:${text.field}`}
      form={form}
      text={text}
      label={t('menu.editor.translations.fieldIn', { field: label, language: target })}
      working={working}
      language={language}
    />
  );
  const [name, description, ...optionTexts] = texts;

  return (
    <fieldset
      aria-label={t('menu.editor.translations.panel', { language: target })}
      className="flex min-w-0 flex-col gap-5"
    >
      <div className="flex flex-col gap-4">
        <h3 className="text-sm font-semibold text-ink">{t('menu.editor.translations.dish')}</h3>
        {name ? row(name, t('menu.editor.details.name')) : null}
        {description ? row(description, t('menu.editor.translations.descriptionField')) : null}
      </div>
      {dish.options.map((group, groupIndex) => {
        const groupTexts = optionTexts.filter((text) => text.groupIndex === groupIndex);
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: groups have no ids; the index is their place in the form.
          <div key={groupIndex} className="flex flex-col gap-4 border-t border-line pt-4">
            <h3 className="text-sm font-semibold break-words text-ink">
              {group.name.trim()
                ? t('menu.editor.translations.group', { group: group.name.trim() })
                : t('menu.editor.options.untitledGroup', { number: groupIndex + 1 })}
            </h3>
            {groupTexts.map((text) =>
              text.kind === 'group'
                ? row(text, t('menu.editor.options.groupName'))
                : row(text, t('menu.editor.options.choice', { number: (text.choiceIndex ?? 0) + 1 })),
            )}
          </div>
        );
      })}
    </fieldset>
  );
}

/**
 * One text: its label, the working language's words (above on a phone, beside from `sm`), and the
 * input for the translation, which the working language's words describe to a screen reader.
 */
function TranslationRow({
  form,
  text,
  label,
  working,
  language,
}: {
  form: Form;
  text: TranslatableText;
  label: string;
  working: Language;
  language: Language;
}) {
  const id = useId();
  const sourceId = `${id}-source`;
  const errorId = `${id}-error`;
  const error = (get(form.formState.errors, text.field) as { message?: string } | undefined)?.message;
  const field = form.register(text.field as FieldPath<MenuItemFormValues>);
  const control = {
    id,
    lang: language,
    'aria-describedby': cn(sourceId, error ? errorId : undefined),
    'aria-invalid': error ? (true as const) : undefined,
    autoComplete: 'off',
    ...field,
  };

  return (
    <div className="flex min-w-0 flex-col gap-1.5" data-testid="translation-row">
      <div className="flex flex-wrap items-baseline justify-between gap-x-2">
        <label htmlFor={id} className="text-sm font-medium text-ink">
          {label}
        </label>
        {isMissing(text) ? (
          <span className="text-xs text-amber-800">{t('menu.editor.translations.missing')}</span>
        ) : null}
      </div>
      <div className="grid gap-2 sm:grid-cols-2 sm:gap-3">
        <div
          id={sourceId}
          className="flex min-h-11 min-w-0 flex-col justify-center rounded-lg bg-slate-100 px-3 py-1.5 text-sm"
        >
          <span className="text-xs text-ink-muted">{languageName(working, { standalone: true })}</span>
          {text.source ? (
            <span lang={working} className="break-words whitespace-pre-line text-ink">
              {text.source}
            </span>
          ) : (
            <span className="text-ink-muted italic">{t('menu.editor.translations.notWritten')}</span>
          )}
        </div>
        {text.kind === 'description' ? (
          <textarea rows={3} className={cn(inputClassName, 'py-2')} {...control} />
        ) : (
          <input className={inputClassName} {...control} />
        )}
      </div>
      {error ? (
        <p id={errorId} className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Where the restaurant speaks one language: no translations to make, and where to add languages. */
export function OneLanguageNote({ language }: { language: Language }) {
  const canChangeSettings = useCan('settings.manage');
  return (
    <p className="flex flex-wrap items-center gap-x-1 text-sm text-ink-muted">
      {t('menu.editor.translations.oneLanguage', { language: languageName(language) })}{' '}
      {canChangeSettings ? (
        // A target a thumb can hit (44 px tall), though it reads as a link in the sentence.
        <Link
          to="/dashboard/settings"
          className="inline-flex min-h-11 items-center font-medium text-accent-700 underline underline-offset-4 hover:text-accent-800"
        >
          {t('menu.editor.translations.addLanguages')}
        </Link>
      ) : (
        t('menu.editor.translations.askForLanguages')
      )}
    </p>
  );
}
