import { ZLanguage } from '@tavolo/contract/languages';
import {
  type TCategory,
  type TCategoryTranslations,
  type TCreateCategoryRequest,
  ZCreateCategoryRequest,
} from '@tavolo/contract/menu';
import { DEFAULT_CATEGORY_COURSE } from '@tavolo/contract/values/orders';
import type { FieldPath } from 'react-hook-form';
import { z } from 'zod';
import { t } from '../../../lib/i18n/i18n';
import { buildCategoryTranslations } from './category-translations';

/*
 * The category forms check what people type with the contract's rules, and say what is wrong in
 * the person's language: the contract's own messages are English predicates ("is required").
 */

const ZCategoryFormShape = z.object({
  name: z.string(),
  description: z.string(),
  /** In the restaurant's other languages; '' falls back to the working language. */
  translations: z
    .partialRecord(
      ZLanguage,
      z.object({ name: z.string().optional(), description: z.string().optional() }).optional(),
    )
    .optional(),
  /** The station its dishes go to; '' is Kitchen (null). */
  stationId: z.string().optional(),
  /** Its dishes' course, '0' (at once) to '5'; '2' (Mains) for a new one. */
  course: z.string().optional(),
  /** The tax rate its dishes are sold at; '' is the restaurant's default (null). */
  taxRateId: z.string().optional(),
});

export type CategoryFormValues = z.input<typeof ZCategoryFormShape>;

function toFormMessage(issue: z.core.$ZodIssue): string {
  const max = issue.code === 'too_big' ? Number(issue.maximum) : undefined;
  switch (issue.path[0]) {
    case 'name':
      return max === undefined
        ? t('categories.form.errors.nameRequired')
        : t('categories.form.errors.nameTooLong', { max });
    case 'description':
      if (max !== undefined) return t('categories.form.errors.descriptionTooLong', { max });
      break;
    case 'translations':
      if (max !== undefined) return t('categories.form.errors.translationTooLong', { max });
      break;
    case 'taxRateId':
      return t('categories.form.errors.taxRateUnknown');
  }
  return t('categories.form.errors.invalid');
}

/**
 * The schema for `zodResolver`: the values it gives are the contract's (a trimmed name; the
 * translations trimmed, left out when there are none).
 */
export function categoryFormSchema() {
  return ZCategoryFormShape.transform((values, ctx) => {
    const translations = buildCategoryTranslations(values.translations);
    const result = ZCreateCategoryRequest.safeParse({
      name: values.name,
      description: values.description,
      ...(Object.keys(translations).length > 0 ? { translations } : {}),
      stationId: values.stationId ? values.stationId : null,
      course: values.course ? Number(values.course) : DEFAULT_CATEGORY_COURSE,
      taxRateId: values.taxRateId ? values.taxRateId : null,
    });
    if (result.success) return result.data;
    for (const issue of result.error.issues) {
      ctx.addIssue({ code: 'custom', path: issue.path, message: toFormMessage(issue) });
    }
    return z.NEVER;
  });
}

/**
 * The translations of PUT /api/categories/{id}, which replace the category's: left out when there
 * were none and are none, {} when the last one was emptied.
 */
export function translationsToSend(
  sent: TCategoryTranslations | undefined,
  previous: TCategoryTranslations,
): { translations?: TCategoryTranslations } {
  if (sent) return { translations: sent };
  return Object.keys(previous).length > 0 ? { translations: {} } : {};
}

/**
 * The station and course a form sends: only what differs from what the category has (a new one:
 * Kitchen and Mains, the server's defaults), so that a rename does not undo someone else's change.
 */
export function kitchenFieldsToSend(
  sent: Pick<TCreateCategoryRequest, 'stationId' | 'course'>,
  previous: Pick<TCategory, 'stationId' | 'course'> = { stationId: null, course: DEFAULT_CATEGORY_COURSE },
): Pick<TCreateCategoryRequest, 'stationId' | 'course'> {
  const stationId = sent.stationId ?? null;
  const course = sent.course ?? DEFAULT_CATEGORY_COURSE;
  return {
    ...(stationId !== previous.stationId ? { stationId } : {}),
    ...(course !== previous.course ? { course } : {}),
  };
}

/**
 * The tax rate a form sends: only when it differs from the category's (a new one: the default,
 * null), as for the station and course.
 */
export function taxRateToSend(
  sent: Pick<TCreateCategoryRequest, 'taxRateId'>,
  previous: Pick<TCategory, 'taxRateId'> = { taxRateId: null },
): Pick<TCreateCategoryRequest, 'taxRateId'> {
  const taxRateId = sent.taxRateId ?? null;
  return taxRateId !== previous.taxRateId ? { taxRateId } : {};
}

/** The form's value of a category's tax rate. */
export function toTaxRateFormValue(category?: Pick<TCategory, 'taxRateId'>) {
  return { taxRateId: category?.taxRateId ?? '' };
}

/** The form's values of a category's station and course. */
export function toKitchenFormValues(category?: Pick<TCategory, 'stationId' | 'course'>) {
  return {
    stationId: category?.stationId ?? '',
    course: String(category?.course ?? DEFAULT_CATEGORY_COURSE),
  };
}

/** The server's field name as one of the forms' inputs, or undefined when they have none. */
export function findCategoryFormField(serverField: string): FieldPath<CategoryFormValues> | undefined {
  return /^(name|description|stationId|course|taxRateId|translations\.(en|it|es|de|fr)\.(name|description))$/.test(
    serverField,
  )
    ? (serverField as FieldPath<CategoryFormValues>)
    : undefined;
}
