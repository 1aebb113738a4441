import type { Language } from '@tavolo/contract/languages';
import type { TMenuItemTranslations, TStaffMenuItem } from '@tavolo/contract/menu';

/*
 * A dish's texts in the restaurant's other languages (docs/decisions/028). The server keys the
 * translations of option groups and choices by their names in the working language; the editor
 * keeps each one on its group or choice instead, so that renaming, adding, removing or moving a
 * group carries its translations along. The request is keyed again, by the names as they are then.
 */

/** One text in each language ('' or absent: not translated, the guest sees the working language's). */
export type TextTranslations = Partial<Record<Language, string>>;

/** A dish's own name and description in each language. */
export type DishTextTranslations = Partial<Record<Language, { name?: string; description?: string }>>;

/** A dish as the editor holds it: working-language texts, each with its translations beside it. */
export interface TranslatableDish {
  name: string;
  description: string;
  translations: DishTextTranslations;
  options: readonly {
    name: string;
    translations?: TextTranslations;
    choices: readonly { name: string; translations?: TextTranslations }[];
  }[];
}

/** What the server holds, spread over the dish's texts. Translations of groups or choices it no longer has are left out. */
export function readItemTranslations(
  item: Pick<TStaffMenuItem, 'name' | 'description' | 'options' | 'translations'>,
): TranslatableDish {
  const languages = Object.keys(item.translations) as Language[];
  const translations: DishTextTranslations = {};
  for (const language of languages) {
    const entry = item.translations[language];
    translations[language] = { name: entry?.name ?? '', description: entry?.description ?? '' };
  }
  const byLanguage = (read: (entry: NonNullable<TMenuItemTranslations[Language]>) => string | undefined) => {
    const texts: TextTranslations = {};
    for (const language of languages) {
      const entry = item.translations[language];
      const text = entry ? read(entry) : undefined;
      if (text) texts[language] = text;
    }
    return texts;
  };
  return {
    name: item.name,
    description: item.description ?? '',
    translations,
    options: item.options.map((group) => ({
      name: group.name,
      translations: byLanguage((entry) => own(entry.options, group.name)?.name),
      choices: group.choices.map((choice) => ({
        name: choice.name,
        translations: byLanguage((entry) => own(own(entry.options, group.name)?.choices, choice.name)),
      })),
    })),
  };
}

/** `record[key]` when it is the record's own: a group named "constructor" reads nothing inherited. */
function own<V>(record: Partial<Record<string, V>> | undefined, key: string): V | undefined {
  return record && Object.hasOwn(record, key) ? record[key] : undefined;
}

/** One text to translate: where the editor keeps its translation, and what it translates. */
export interface TranslatableText {
  kind: 'name' | 'description' | 'group' | 'choice';
  /** The form field holding the translation. */
  field: string;
  /** The working language's text ('' when not written yet: nothing to translate, so never missing). */
  source: string;
  translation: string;
  groupIndex?: number;
  choiceIndex?: number;
}

/** Every text of the dish in the editor's order (name, description, then each group and its choices). */
export function listTranslatableTexts(dish: TranslatableDish, language: Language): TranslatableText[] {
  const texts: TranslatableText[] = [
    {
      kind: 'name',
      field: `translations.${language}.name`,
      source: dish.name.trim(),
      translation: dish.translations[language]?.name ?? '',
    },
    {
      kind: 'description',
      field: `translations.${language}.description`,
      source: dish.description.trim(),
      translation: dish.translations[language]?.description ?? '',
    },
  ];
  dish.options.forEach((group, groupIndex) => {
    texts.push({
      kind: 'group',
      field: `options.${groupIndex}.translations.${language}`,
      source: group.name.trim(),
      translation: group.translations?.[language] ?? '',
      groupIndex,
    });
    group.choices.forEach((choice, choiceIndex) => {
      texts.push({
        kind: 'choice',
        field: `options.${groupIndex}.choices.${choiceIndex}.translations.${language}`,
        source: choice.name.trim(),
        translation: choice.translations?.[language] ?? '',
        groupIndex,
        choiceIndex,
      });
    });
  });
  return texts;
}

/** Whether guests reading `text` in the other language see the working language's instead. */
export const isMissing = (text: Pick<TranslatableText, 'source' | 'translation'>) =>
  text.source !== '' && text.translation.trim() === '';

/** How many of the dish's texts have no translation in `language`. */
export function countMissingTranslations(dish: TranslatableDish, language: Language): number {
  return listTranslatableTexts(dish, language).filter(isMissing).length;
}

/** Each language (of those given) with what it lacks, for a dish as the server sends it; complete ones left out. */
export function findIncompleteLanguages(
  item: Pick<TStaffMenuItem, 'name' | 'description' | 'options' | 'translations'>,
  languages: readonly Language[],
): { language: Language; missing: number }[] {
  const dish = readItemTranslations(item);
  return languages
    .map((language) => ({ language, missing: countMissingTranslations(dish, language) }))
    .filter((entry) => entry.missing > 0);
}

/** Every language the dish's texts have an entry for: the restaurant's, and any it kept from before. */
function languagesOf(dish: TranslatableDish): Language[] {
  const languages = new Set(Object.keys(dish.translations) as Language[]);
  for (const group of dish.options) {
    for (const language of Object.keys(group.translations ?? {})) languages.add(language as Language);
    for (const choice of group.choices)
      for (const language of Object.keys(choice.translations ?? {})) languages.add(language as Language);
  }
  return [...languages];
}

/**
 * The request's `translations` (which replace all of the dish's): by language, groups and choices
 * keyed by their names as the request sends them (so a renamed group keeps its translations), texts
 * trimmed, and whatever is left empty dropped. Unnamed groups and choices cannot be keyed: theirs wait.
 */
export function buildMenuItemTranslations(dish: TranslatableDish): TMenuItemTranslations {
  const result: TMenuItemTranslations = {};
  for (const language of languagesOf(dish)) {
    const entry: NonNullable<TMenuItemTranslations[Language]> = {};
    const name = dish.translations[language]?.name?.trim();
    const description = dish.translations[language]?.description?.trim();
    if (name) entry.name = name;
    if (description) entry.description = description;
    const options: NonNullable<typeof entry.options> = {};
    for (const group of dish.options) {
      const key = group.name.trim();
      if (key === '') continue;
      const groupEntry: NonNullable<(typeof options)[string]> = {};
      const groupName = group.translations?.[language]?.trim();
      if (groupName) groupEntry.name = groupName;
      const choices: Record<string, string> = {};
      for (const choice of group.choices) {
        const choiceKey = choice.name.trim();
        const text = choice.translations?.[language]?.trim();
        if (choiceKey !== '' && text) choices[choiceKey] = text;
      }
      if (Object.keys(choices).length > 0) groupEntry.choices = choices;
      if (Object.keys(groupEntry).length > 0) options[key] = groupEntry;
    }
    if (Object.keys(options).length > 0) entry.options = options;
    if (Object.keys(entry).length > 0) result[language] = entry;
  }
  return result;
}

/**
 * Where a path of the request's translations ("translations.de.options.Size.choices.Small") sits in
 * the editor ("options.0.choices.0.translations.de"); undefined when the dish has no such text.
 */
export function findTranslationField(
  dish: TranslatableDish,
  path: readonly (string | number)[],
): string | undefined {
  const [top, language, part, groupKey, groupPart, choiceKey] = path.map(String);
  if (top !== 'translations' || !language) return undefined;
  if ((part === 'name' || part === 'description') && path.length === 3)
    return `translations.${language}.${part}`;
  if (part !== 'options' || groupKey === undefined) return undefined;
  const groupIndex = dish.options.findIndex((group) => group.name.trim() === groupKey);
  if (groupIndex < 0) return undefined;
  if (groupPart === undefined || (groupPart === 'name' && path.length === 5))
    return `options.${groupIndex}.translations.${language}`;
  if (groupPart !== 'choices') return undefined;
  if (choiceKey === undefined) return `options.${groupIndex}.translations.${language}`;
  const choiceIndex =
    dish.options[groupIndex]?.choices.findIndex((choice) => choice.name.trim() === choiceKey) ?? -1;
  return choiceIndex < 0
    ? undefined
    : `options.${groupIndex}.choices.${choiceIndex}.translations.${language}`;
}
