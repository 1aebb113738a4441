import type { TCreateCategoryRequest } from '@tavolo/contract/menu';
import { useEffect, useState } from 'react';
import { type UseFormReturn, useWatch } from 'react-hook-form';
import { Badge } from '../../../components/ui/badge';
import { ChevronRightIcon } from '../../../components/ui/icons';
import { TextField } from '../../../components/ui/text-field';
import { t } from '../../../lib/i18n/i18n';
import { languageName } from '../../../lib/i18n/language-name';
import type { Language } from '../../../lib/i18n/languages';
import type { CategoryFormValues } from '../model/category-form-schema';
import { countMissingCategoryTranslations } from '../model/category-translations';

export type CategoryForm = UseFormReturn<CategoryFormValues, unknown, TCreateCategoryRequest>;

/**
 * A category's name and description in the restaurant's other languages, folded away under a line
 * that counts what is missing per language. Each input names the working language's text it
 * translates (its hint). Opens by itself when a translation is refused, so the message shows.
 */
export function CategoryTranslationFields({
  form,
  languages,
}: {
  form: CategoryForm;
  /** The restaurant's languages, the working language first (at least two). */
  languages: readonly Language[];
}) {
  const [working = 'en', ...others] = languages;
  const [name, description, translations] = useWatch({
    control: form.control,
    name: ['name', 'description', 'translations'],
  });
  const errors = form.formState.errors.translations;
  const [open, setOpen] = useState(false);
  const refused = errors !== undefined;
  useEffect(() => {
    if (refused) setOpen(true);
  }, [refused]);

  const source = { name: name ?? '', description: description ?? '' };
  const summary = others.map((language) => ({
    language,
    missing: countMissingCategoryTranslations(source, translations ?? {}, language),
  }));
  const workingName = languageName(working);
  const sourceHint = (text: string) =>
    text.trim()
      ? t('categories.translations.source', { language: workingName, text: text.trim() })
      : undefined;

  return (
    <details
      open={open}
      onToggle={(event) => setOpen(event.currentTarget.open)}
      className="group min-w-0 rounded-lg border border-line"
    >
      <summary className="flex min-h-11 cursor-pointer list-none flex-wrap items-center gap-x-3 gap-y-1 rounded-lg px-3 py-2 text-sm font-medium text-ink hover:bg-slate-50 [&::-webkit-details-marker]:hidden">
        <span className="flex items-center gap-1.5">
          <ChevronRightIcon className="size-4 shrink-0 text-ink-muted transition-transform group-open:rotate-90" />
          {t('categories.translations.title')}
        </span>
        {/* Counts once there is something to translate: an empty new category lacks nothing yet. */}
        {source.name.trim() ? (
          <span className="flex flex-wrap gap-1.5">
            {summary.map((entry) => (
              <Badge key={entry.language} tone={entry.missing > 0 ? 'warning' : 'success'}>
                {t('categories.translations.missingIn', {
                  language: languageName(entry.language, { standalone: true }),
                  count: entry.missing,
                })}
              </Badge>
            ))}
          </span>
        ) : null}
      </summary>
      <div className="flex flex-col gap-4 border-t border-line p-3">
        <p className="text-sm text-ink-muted">
          {t('categories.translations.hint', { language: workingName })}
        </p>
        {others.map((language) => {
          const target = languageName(language);
          return (
            <fieldset
              key={language}
              className="grid min-w-0 gap-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,1.5fr)]"
            >
              <legend className="mb-2 text-sm font-semibold text-ink">
                {languageName(language, { standalone: true })}
              </legend>
              <TextField
                label={t('categories.translations.name', { language: target })}
                hint={sourceHint(source.name)}
                lang={language}
                autoComplete="off"
                error={errors?.[language]?.name?.message}
                {...form.register(`translations.${language}.name`)}
              />
              <TextField
                label={t('categories.translations.description', { language: target })}
                hint={sourceHint(source.description)}
                lang={language}
                autoComplete="off"
                error={errors?.[language]?.description?.message}
                {...form.register(`translations.${language}.description`)}
              />
            </fieldset>
          );
        })}
      </div>
    </details>
  );
}
