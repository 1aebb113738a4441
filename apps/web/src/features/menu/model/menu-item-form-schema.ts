import { ZLanguage } from '@tavolo/contract/languages';
import {
  type TCreateMenuItemRequest,
  type TMenuItemTranslations,
  type TStaffMenuItem,
  type TUpdateMenuItemRequest,
  ZCreateMenuItemRequest,
} from '@tavolo/contract/menu';
import { currencyMinorDigits } from '@tavolo/contract/money';
import type { FieldPath } from 'react-hook-form';
import { z } from 'zod';
import { t } from '../../../lib/i18n/i18n';
import { examplePrice, formatPriceInput, parsePriceInput } from '../../../lib/price-input';
import {
  buildMenuItemTranslations,
  findTranslationField,
  readItemTranslations,
} from './menu-item-translations';

/*
 * The form holds what people type (prices as "12.50", minutes as text); the rules are the
 * contract's. Validation turns the values into a request body and checks it with
 * ZCreateMenuItemRequest, then files each issue under the input that caused it. Each message is a
 * whole sentence that names its input ("Name is required."), so that it can be translated as one.
 */

// min/max come from number inputs, which give NaN when emptied; the refinement explains that.
const ZWholeNumberInput = z.number().or(z.nan());

/** A text in the restaurant's other languages; kept on its group or choice, so that it follows a rename. */
const ZTextTranslationsFormValues = z.partialRecord(ZLanguage, z.string().optional());

const ZOptionChoiceFormValues = z.object({
  name: z.string(),
  price: z.string(),
  translations: ZTextTranslationsFormValues.optional(),
});

const ZOptionGroupFormValues = z.object({
  name: z.string(),
  translations: ZTextTranslationsFormValues.optional(),
  required: z.boolean(),
  min: ZWholeNumberInput,
  max: ZWholeNumberInput,
  choices: z.array(ZOptionChoiceFormValues),
});

const ZMenuItemFormShape = z.object({
  name: z.string(),
  categoryId: z.string(),
  price: z.string(),
  description: z.string(),
  /** '' when there is no photo. */
  imageUrl: z.string(),
  active: z.boolean(),
  availableDays: z.array(z.number()),
  tags: z.array(z.string()),
  allergens: z.array(z.string()),
  prepMinutes: z.string(),
  options: z.array(ZOptionGroupFormValues),
  /** The station it goes to instead of its category's; '' is the category's. */
  stationId: z.string(),
  /** The tax rate it is sold at instead of its category's; '' is the category's. */
  taxRateId: z.string(),
  /** The dish's name and description in the other languages; '' falls back to the working language. */
  translations: z.partialRecord(
    ZLanguage,
    z.object({ name: z.string().optional(), description: z.string().optional() }).optional(),
  ),
});

export type MenuItemFormValues = z.infer<typeof ZMenuItemFormShape>;
export type OptionGroupFormValues = z.infer<typeof ZOptionGroupFormValues>;
export type OptionChoiceFormValues = z.infer<typeof ZOptionChoiceFormValues>;

type PathSegment = string | number;
interface FormIssue {
  path: PathSegment[];
  message: string;
}

interface Draft {
  /** The request as far as the values allow; checked against the contract next. */
  body: Record<string, unknown>;
  /** What could not even be read (a price like "abc"). */
  issues: FormIssue[];
}

type PriceProblem = 'required' | 'notAnAmount' | 'tooManyDecimals' | 'noDecimals' | 'tooLarge';

/** Why parsePriceInput refused `text`: its checks, in its order. */
function priceProblem(text: string, currency: string): PriceProblem {
  const value = text.trim().replace(/\s+/g, '');
  if (value === '') return 'required';
  const match = /^(\d*)(?:[.,](\d*))?$/.exec(value);
  const whole = match?.[1] ?? '';
  const fraction = match?.[2] ?? '';
  if (!match || (whole === '' && fraction === '')) return 'notAnAmount';
  const digits = currencyMinorDigits(currency);
  if (fraction.length > digits) return digits === 0 ? 'noDecimals' : 'tooManyDecimals';
  return 'tooLarge';
}

function priceMessage(problem: PriceProblem, currency: string): string {
  switch (problem) {
    case 'required':
      return t('menu.editor.errors.priceRequired', { currency });
    case 'notAnAmount':
      return t('menu.editor.errors.priceNotAnAmount', { currency, example: examplePrice(currency) });
    case 'tooManyDecimals':
      return t('menu.editor.errors.priceTooManyDecimals', {
        currency,
        digits: currencyMinorDigits(currency),
      });
    case 'noDecimals':
      return t('menu.editor.errors.priceNoDecimals', { currency });
    case 'tooLarge':
      return t('menu.editor.errors.priceTooLarge', { currency });
  }
}

/** A choice's extra: empty is free, so it is never missing. */
function extraMessage(problem: PriceProblem, currency: string): string {
  switch (problem) {
    case 'required':
    case 'notAnAmount':
      return t('menu.editor.errors.extraNotAnAmount', { currency, example: examplePrice(currency) });
    case 'tooManyDecimals':
      return t('menu.editor.errors.extraTooManyDecimals', {
        currency,
        digits: currencyMinorDigits(currency),
      });
    case 'noDecimals':
      return t('menu.editor.errors.extraNoDecimals', { currency });
    case 'tooLarge':
      return t('menu.editor.errors.extraTooLarge', { currency });
  }
}

function draftRequest(values: MenuItemFormValues, currency: string): Draft {
  const issues: FormIssue[] = [];

  const price = parsePriceInput(values.price, currency);
  if (!price.ok) {
    issues.push({ path: ['price'], message: priceMessage(priceProblem(values.price, currency), currency) });
  }

  let prepMinutes: number | undefined;
  const prep = values.prepMinutes.trim();
  if (prep !== '') {
    if (/^\d{1,4}$/.test(prep)) prepMinutes = Number(prep);
    else issues.push({ path: ['prepMinutes'], message: t('menu.editor.errors.prepNotWhole') });
  }

  if (values.categoryId === '') {
    issues.push({ path: ['categoryId'], message: t('menu.editor.errors.categoryRequired') });
  }

  const options = values.options.map((group, groupIndex) => {
    if (!Number.isInteger(group.min)) {
      issues.push({ path: ['options', groupIndex, 'min'], message: t('menu.editor.errors.minNotWhole') });
    }
    if (!Number.isInteger(group.max)) {
      issues.push({ path: ['options', groupIndex, 'max'], message: t('menu.editor.errors.maxNotWhole') });
    }
    return {
      name: group.name,
      required: group.required,
      min: Number.isInteger(group.min) ? group.min : 0,
      max: Number.isInteger(group.max) ? group.max : 1,
      choices: group.choices.map((choice, choiceIndex) => {
        // An extra with no price costs nothing.
        if (choice.price.trim() === '') return { name: choice.name, priceMinor: 0 };
        const parsed = parsePriceInput(choice.price, currency);
        if (!parsed.ok) {
          issues.push({
            path: ['options', groupIndex, 'choices', choiceIndex, 'price'],
            message: extraMessage(priceProblem(choice.price, currency), currency),
          });
        }
        return { name: choice.name, priceMinor: parsed.ok ? parsed.minor : 0 };
      }),
    };
  });

  const description = values.description.trim();
  const body: Record<string, unknown> = {
    categoryId: values.categoryId,
    name: values.name,
    priceMinor: price.ok ? price.minor : 0,
    description: description === '' ? undefined : description,
    imageUrl: values.imageUrl === '' ? undefined : values.imageUrl,
    active: values.active,
    availableDays: values.availableDays,
    tags: values.tags,
    allergens: values.allergens,
    prepMinutes,
    options,
    // Left out: the category's station (an update says null, toUpdateMenuItemRequest).
    stationId: values.stationId === '' ? undefined : values.stationId,
    // Left out: the category's rate (an update says null, toUpdateMenuItemRequest).
    taxRateId: values.taxRateId === '' ? undefined : values.taxRateId,
  };
  // Nothing to say is said by leaving it out; an update that clears them says {} (toUpdateMenuItemRequest).
  const translations = buildMenuItemTranslations(values);
  if (Object.keys(translations).length > 0) body.translations = translations;
  return { body, issues };
}

/** The contract names prices `priceMinor`; the form's inputs are `price`. */
function toFormPath(path: readonly PropertyKey[]): PathSegment[] {
  const segments = path.map((segment) => (typeof segment === 'number' ? segment : String(segment)));
  const last = segments.length - 1;
  if (segments[last] === 'priceMinor') segments[last] = 'price';
  return segments;
}

/**
 * A contract issue as a sentence about the input it is filed under. The contract's own words are
 * English predicates ("must not exceed max"), so its custom checks are told apart by them.
 */
function toFormMessage(issue: z.core.$ZodIssue, path: PathSegment[], currency: string): string {
  const tooBig = issue.code === 'too_big';
  /** The bound a value too long or too large broke ("at most 120 characters"). */
  const max = issue.code === 'too_big' ? Number(issue.maximum) : undefined;
  const key = path.map((segment) => (typeof segment === 'number' ? '#' : segment)).join('.');
  switch (key) {
    case 'name':
      return tooBig ? t('menu.editor.errors.nameTooLong', { max }) : t('menu.editor.errors.nameRequired');
    case 'categoryId':
      return t('menu.editor.errors.categoryRequired');
    case 'stationId':
      return t('menu.editor.errors.stationUnknown');
    case 'taxRateId':
      return t('menu.editor.errors.taxRateUnknown');
    case 'price':
      return tooBig
        ? t('menu.editor.errors.priceTooLarge', { currency })
        : priceMessage('notAnAmount', currency);
    case 'description':
      if (tooBig) return t('menu.editor.errors.descriptionTooLong', { max });
      break;
    case 'prepMinutes':
      if (tooBig) return t('menu.editor.errors.prepTooLong', { max });
      return t('menu.editor.errors.prepNotWhole');
    case 'options':
      if (tooBig) return t('menu.editor.errors.groupsTooMany', { max });
      if (issue.message === 'must not repeat a group name') return t('menu.editor.errors.groupsRepeatName');
      break;
    case 'options.#.name':
      return tooBig
        ? t('menu.editor.errors.groupNameTooLong', { max })
        : t('menu.editor.errors.groupNameRequired');
    case 'options.#.min':
      if (issue.message === 'must not exceed max') return t('menu.editor.errors.minAboveMax');
      if (issue.message === 'must be at least 1 for a required group')
        return t('menu.editor.errors.minForRequired');
      if (issue.message === 'must be 0 for an optional group') return t('menu.editor.errors.minForOptional');
      return t('menu.editor.errors.minOutOfRange', { lowest: 0, highest: 30 });
    case 'options.#.max':
      if (issue.message === 'must not exceed the number of choices')
        return t('menu.editor.errors.maxAboveChoices');
      return t('menu.editor.errors.maxOutOfRange', { lowest: 1, highest: 30 });
    case 'options.#.choices':
      if (tooBig) return t('menu.editor.errors.choicesTooMany', { max });
      if (issue.code === 'too_small') return t('menu.editor.errors.choicesNone');
      if (issue.message === 'must not repeat a choice name') return t('menu.editor.errors.choicesRepeatName');
      break;
    case 'options.#.choices.#.name': {
      const number = Number(path[3]) + 1;
      return tooBig
        ? t('menu.editor.errors.choiceNameTooLong', { number, max })
        : t('menu.editor.errors.choiceNameRequired', { number });
    }
    case 'options.#.choices.#.price':
      return extraMessage(tooBig ? 'tooLarge' : 'notAnAmount', currency);
  }
  return t('menu.editor.errors.invalid');
}

function validate(values: MenuItemFormValues, currency: string): FormIssue[] {
  const { body, issues } = draftRequest(values, currency);
  const result = ZCreateMenuItemRequest.safeParse(body);
  if (result.success) return issues;
  const taken = new Set(issues.map((issue) => issue.path.join('.')));
  const all = [...issues];
  for (const issue of result.error.issues) {
    if (issue.path[0] === 'translations') {
      // Keyed by names in the request, by group and choice in the form.
      const field = findTranslationField(values, issue.path.map(String));
      const max = issue.code === 'too_big' ? Number(issue.maximum) : undefined;
      const path = field ? toFormPath(field.split('.').map(toSegment)) : ['translations'];
      const key = path.join('.');
      if (taken.has(key)) continue;
      taken.add(key);
      all.push({
        path,
        message:
          max === undefined
            ? t('menu.editor.errors.invalid')
            : t('menu.editor.errors.translationTooLong', { max }),
      });
      continue;
    }
    const path = toFormPath(issue.path);
    const key = path.join('.');
    // One message per input: what could not be read explains more than what followed from it.
    if (taken.has(key)) continue;
    taken.add(key);
    all.push({ path, message: toFormMessage(issue, path, currency) });
  }
  return all;
}

/** The dish form's schema for `zodResolver`; the currency decides how many decimals a price has. */
export function menuItemFormSchema(currency: string) {
  return ZMenuItemFormShape.superRefine((values, ctx) => {
    for (const issue of validate(values, currency)) {
      ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    }
  });
}

/** The body of POST /api/menu; call it with values the schema accepted. */
export function toCreateMenuItemRequest(
  values: MenuItemFormValues,
  currency: string,
): TCreateMenuItemRequest {
  return ZCreateMenuItemRequest.parse(draftRequest(values, currency).body);
}

/**
 * The body of PUT /api/menu/{id}: what the person emptied is sent as null, which clears it. The
 * translations replace the dish's: `previous` (what the dish had) says whether emptying them all
 * must be sent as {}.
 */
export function toUpdateMenuItemRequest(
  values: MenuItemFormValues,
  currency: string,
  previous: TMenuItemTranslations = {},
): TUpdateMenuItemRequest {
  const body = toCreateMenuItemRequest(values, currency);
  const clearsTranslations = !body.translations && Object.keys(previous).length > 0;
  return {
    ...body,
    description: body.description ?? null,
    imageUrl: body.imageUrl ?? null,
    prepMinutes: body.prepMinutes ?? null,
    stationId: body.stationId ?? null,
    taxRateId: body.taxRateId ?? null,
    ...(clearsTranslations ? { translations: {} } : {}),
  };
}

/** A new group: a required single choice ("Size") is the most common kind. */
export function newOptionGroup(): OptionGroupFormValues {
  return { name: '', required: true, min: 1, max: 1, choices: [newOptionChoice()], translations: {} };
}

export function newOptionChoice(): OptionChoiceFormValues {
  return { name: '', price: '', translations: {} };
}

/** What the form starts with: the item's values, or a blank dish (in `categoryId` when given). */
export function toMenuItemFormValues(
  item: TStaffMenuItem | undefined,
  currency: string,
  categoryId = '',
): MenuItemFormValues {
  if (!item) {
    return {
      name: '',
      categoryId,
      price: '',
      description: '',
      imageUrl: '',
      active: true,
      availableDays: [],
      tags: [],
      allergens: [],
      prepMinutes: '',
      options: [],
      stationId: '',
      taxRateId: '',
      translations: {},
    };
  }
  // Every language the dish has texts in, the restaurant's or kept from before: saving sends them all back.
  const translated = readItemTranslations(item);
  return {
    name: item.name,
    categoryId: item.categoryId,
    price: formatPriceInput(item.priceMinor, currency),
    description: item.description ?? '',
    imageUrl: item.imageUrl ?? '',
    active: item.active,
    availableDays: [...item.availableDays],
    tags: [...item.tags],
    allergens: [...item.allergens],
    prepMinutes: item.prepMinutes === null ? '' : String(item.prepMinutes),
    options: item.options.map((group, groupIndex) => ({
      name: group.name,
      required: group.required,
      min: group.min,
      max: group.max,
      choices: group.choices.map((choice, choiceIndex) => ({
        name: choice.name,
        price: choice.priceMinor === 0 ? '' : formatPriceInput(choice.priceMinor, currency),
        translations: translated.options[groupIndex]?.choices[choiceIndex]?.translations ?? {},
      })),
      translations: translated.options[groupIndex]?.translations ?? {},
    })),
    stationId: item.stationId ?? '',
    taxRateId: item.taxRateId ?? '',
    translations: translated.translations,
  };
}

const toSegment = (segment: string): PathSegment => (/^\d+$/.test(segment) ? Number(segment) : segment);

/** Server field names ("options.0.choices.1.priceMinor") as the form's ("options.0.choices.1.price"). */
export function toFormFieldName(serverField: string): string {
  return toFormPath(serverField.split('.').map(toSegment)).join('.');
}

const TOP_LEVEL_FIELDS = new Set<string>([
  'name',
  'categoryId',
  'price',
  'description',
  'imageUrl',
  'active',
  'availableDays',
  'tags',
  'allergens',
  'prepMinutes',
  'stationId',
  'taxRateId',
]);

/**
 * The server's field name as one of the form's, or undefined when the form has no such input. A
 * translation of a group or a choice is named by its working-language names: `values` (the form's
 * now) finds which one it is.
 */
export function findFormField(
  serverField: string,
  values?: MenuItemFormValues,
): FieldPath<MenuItemFormValues> | undefined {
  if (serverField.startsWith('translations.')) {
    const field = values ? findTranslationField(values, serverField.split('.')) : undefined;
    const simple = /^translations\.(en|it|es|de|fr)\.(name|description)$/.test(serverField);
    return (field ?? (simple ? serverField : undefined)) as FieldPath<MenuItemFormValues> | undefined;
  }
  const name = toFormFieldName(serverField);
  if (
    TOP_LEVEL_FIELDS.has(name) ||
    /^options(\.\d+(\.(name|min|max|choices(\.\d+\.(name|price))?))?)?$/.test(name)
  ) {
    return name as FieldPath<MenuItemFormValues>;
  }
  return undefined;
}
