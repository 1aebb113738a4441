import { zodResolver } from '@hookform/resolvers/zod';
import type { TStation } from '@tavolo/contract/kitchen';
import type { TCategory, TCreateCategoryRequest } from '@tavolo/contract/menu';
import type { TTaxRate } from '@tavolo/contract/taxes';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ArrowDownIcon, ArrowUpIcon, PencilIcon, TrashIcon } from '../../../components/ui/icons';
import { TextField } from '../../../components/ui/text-field';
import { useToast } from '../../../components/ui/toast';
import { isHttpError } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { courseName } from '../../../lib/courses';
import { applyServerErrors } from '../../../lib/form-errors';
import { formatRate } from '../../../lib/format';
import { stationName } from '../../../lib/get-stations';
import { findEffectiveTaxRate } from '../../../lib/get-tax-rates';
import { t } from '../../../lib/i18n/i18n';
import { languageName } from '../../../lib/i18n/language-name';
import type { Language } from '../../../lib/i18n/languages';
import { useUpdateCategory } from '../api/update-category';
import {
  type CategoryFormValues,
  categoryFormSchema,
  findCategoryFormField,
  kitchenFieldsToSend,
  taxRateToSend,
  toKitchenFormValues,
  toTaxRateFormValue,
  translationsToSend,
} from '../model/category-form-schema';
import { findIncompleteCategoryLanguages, toCategoryTranslationValues } from '../model/category-translations';
import { CategoryKitchenFields } from './category-kitchen-fields';
import { CategoryTaxField } from './category-tax-field';
import { CategoryTranslationFields } from './category-translation-fields';

const iconButton = cn(
  'flex size-11 shrink-0 items-center justify-center rounded-lg text-ink-muted transition-colors',
  'hover:bg-slate-100 hover:text-ink disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:bg-transparent',
);

/** "VAT 22%"; with the rate's name when another rate has the same percent. */
function taxRateLabel(rates: readonly TTaxRate[], rate: TTaxRate): string {
  const value = formatRate(rate.rateBasisPoints);
  return rates.some((other) => other.id !== rate.id && other.rateBasisPoints === rate.rateBasisPoints)
    ? t('lib.tax.rateNamed', { rate: value, name: rate.name })
    : t('lib.tax.rate', { rate: value });
}

export function CategoryRow({
  category,
  index,
  count,
  languages,
  stations,
  taxRates,
  canManage,
  onMove,
  onDelete,
}: {
  category: TCategory;
  index: number;
  count: number;
  /** The restaurant's languages, the working language first. */
  languages: readonly Language[];
  /** The restaurant's stations; undefined while unknown (its station's name is then left unsaid). */
  stations: readonly TStation[] | undefined;
  /** The restaurant's tax rates; undefined while unknown or unreadable, [] without any (no rate said). */
  taxRates: readonly TTaxRate[] | undefined;
  canManage: boolean;
  onMove: (index: number, direction: -1 | 1) => void;
  onDelete: (category: TCategory) => void;
}) {
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);
  const incomplete = findIncompleteCategoryLanguages(category, languages.slice(1));
  const taxRate = taxRates ? findEffectiveTaxRate(taxRates, category.taxRateId) : undefined;

  // Leaving the inline form puts focus back where the person started it.
  useEffect(() => {
    if (wasEditing.current && !editing) editButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center" data-testid="category-row">
      {editing ? (
        <EditCategoryForm
          category={category}
          languages={languages}
          stations={stations}
          taxRates={taxRates}
          onDone={() => setEditing(false)}
        />
      ) : (
        <>
          <div className="flex min-w-0 flex-1 items-start gap-3">
            <span
              className="w-6 shrink-0 pt-0.5 text-right text-sm text-ink-muted tabular-nums"
              aria-hidden="true"
            >
              {index + 1}.
            </span>
            <div className="flex min-w-0 flex-col gap-0.5">
              <h3 className="text-base font-medium break-words text-ink">{category.name}</h3>
              {category.description ? (
                <p className="text-sm break-words text-ink-muted">{category.description}</p>
              ) : null}
              <p className="flex flex-wrap gap-1" data-testid="category-kitchen">
                {stations ? (
                  <Badge>
                    <span className="sr-only">{t('categories.row.station')} </span>
                    {stationName(stations, category.stationId)}
                  </Badge>
                ) : null}
                <Badge tone={category.course === 0 ? 'neutral' : 'accent'}>
                  <span className="sr-only">{t('categories.row.course')} </span>
                  {courseName(category.course)}
                </Badge>
                {taxRate ? <Badge>{taxRateLabel(taxRates ?? [], taxRate)}</Badge> : null}
              </p>
              {incomplete.length > 0 ? (
                <p className="text-xs text-amber-800" data-testid="translations-missing">
                  {incomplete.length === 1 && incomplete[0]
                    ? t('categories.row.translationsMissingIn', {
                        count: incomplete[0].missing,
                        language: languageName(incomplete[0].language),
                      })
                    : t('categories.row.translationsIncomplete', { count: incomplete.length })}
                </p>
              ) : null}
              <Link
                to={`/dashboard/menu?category=${category.id}`}
                aria-label={t('categories.row.dishesIn', {
                  count: category.itemCount,
                  category: category.name,
                })}
                className="inline-flex min-h-11 min-w-11 items-center self-start text-sm text-accent-700 underline-offset-4 hover:underline"
              >
                {t('categories.row.dishes', { count: category.itemCount })}
              </Link>
            </div>
          </div>
          {canManage ? (
            <div className="flex shrink-0 items-center gap-1 self-end sm:self-auto">
              <button
                type="button"
                className={iconButton}
                onClick={() => onMove(index, -1)}
                disabled={index === 0}
                aria-label={t('categories.row.moveUp', { name: category.name })}
                data-move="up"
                data-category={category.id}
              >
                <ArrowUpIcon />
              </button>
              <button
                type="button"
                className={iconButton}
                onClick={() => onMove(index, 1)}
                disabled={index === count - 1}
                aria-label={t('categories.row.moveDown', { name: category.name })}
                data-move="down"
                data-category={category.id}
              >
                <ArrowDownIcon />
              </button>
              <button
                ref={editButton}
                type="button"
                className={iconButton}
                onClick={() => setEditing(true)}
                aria-label={t('categories.row.edit', { name: category.name })}
              >
                <PencilIcon />
              </button>
              <button
                type="button"
                className={cn(iconButton, 'hover:bg-red-50 hover:text-red-700')}
                onClick={() => onDelete(category)}
                aria-label={t('categories.row.delete', { name: category.name })}
              >
                <TrashIcon />
              </button>
            </div>
          ) : null}
        </>
      )}
    </li>
  );
}

function EditCategoryForm({
  category,
  languages,
  stations,
  taxRates,
  onDone,
}: {
  category: TCategory;
  languages: readonly Language[];
  stations: readonly TStation[] | undefined;
  taxRates: readonly TTaxRate[] | undefined;
  onDone: () => void;
}) {
  const toast = useToast();
  const update = useUpdateCategory();
  const form = useForm<CategoryFormValues, unknown, TCreateCategoryRequest>({
    resolver: zodResolver(categoryFormSchema()),
    defaultValues: {
      name: category.name,
      description: category.description ?? '',
      // Every language it has texts in, listed or kept from before: saving sends them all back.
      translations: toCategoryTranslationValues(category.translations),
      ...toKitchenFormValues(category),
      ...toTaxRateFormValue(category),
    },
  });
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = form;

  useEffect(() => setFocus('name', { shouldSelect: true }), [setFocus]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      const saved = await update.mutateAsync({
        id: category.id,
        // An emptied description is cleared, not kept.
        body: {
          name: values.name,
          description: values.description?.trim() ? values.description : null,
          ...translationsToSend(values.translations, category.translations),
          ...kitchenFieldsToSend(values, category),
          ...taxRateToSend(values, category),
        },
      });
      toast.success(
        saved.name === category.name
          ? t('categories.edit.saved', { name: saved.name })
          : t('categories.edit.renamed', { name: saved.name }),
      );
      onDone();
    } catch (error) {
      if (isHttpError(error, 409)) {
        setError(
          'name',
          { type: 'server', message: t('categories.form.errors.nameTaken') },
          { shouldFocus: true },
        );
      } else {
        const message = applyServerErrors(error, setError, findCategoryFormField);
        if (!isHttpError(error) || !error.apiError?.fields) toast.error(message);
      }
    }
  });

  const translated = languages.length > 1;
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={t('categories.edit.label', { name: category.name })}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          onDone();
        }
      }}
      className="grid w-full gap-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,1.5fr)] sm:items-start"
    >
      <TextField
        label={t('categories.form.name')}
        autoComplete="off"
        error={errors.name?.message}
        {...register('name')}
      />
      <TextField
        label={t('categories.form.description')}
        autoComplete="off"
        error={errors.description?.message}
        {...register('description')}
      />
      <CategoryKitchenFields form={form} stations={stations} />
      <CategoryTaxField form={form} rates={taxRates} />
      {translated ? (
        <div className="sm:col-span-2">
          <CategoryTranslationFields form={form} languages={languages} />
        </div>
      ) : null}
      {/* The buttons follow every input: Tab reaches them last. */}
      <div className="flex gap-2 sm:col-span-2">
        <Button type="submit" pending={isSubmitting} pendingLabel={t('categories.edit.saving')}>
          {t('categories.edit.save')}
        </Button>
        <Button variant="secondary" onClick={onDone}>
          {t('categories.edit.cancel')}
        </Button>
      </div>
    </form>
  );
}
