import type { Language } from '@tavolo/contract/languages';
import type {
  TCategoryTranslations,
  TGuestMenuItem,
  TGuestOptionGroup,
  TMenuItem,
  TMenuItemTranslations,
  TOptionGroup,
} from '@tavolo/contract/menu';

/** `record[key]` when it is the record's own (a group named "constructor" reads nothing inherited). */
function own<V>(record: Partial<Record<string, V>> | undefined, key: string): V | undefined {
  return record && Object.hasOwn(record, key) ? record[key] : undefined;
}

/**
 * A dish's translations name its option groups and choices by their working-language names (what
 * orders name them by: there are no ids). Where they name one the dish does not have, the answer
 * is a field error per name, so an editor that forgot to follow a rename hears of it.
 */
export function findUnknownOptionNames(
  translations: TMenuItemTranslations,
  options: readonly TOptionGroup[],
): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [language, translation] of Object.entries(translations)) {
    for (const [groupName, group] of Object.entries(translation?.options ?? {})) {
      const known = options.find((g) => g.name === groupName);
      const path = `translations.${language}.options.${groupName}`;
      if (!known) {
        fields[path] = 'is not an option group of this dish';
        continue;
      }
      for (const choiceName of Object.keys(group?.choices ?? {})) {
        if (!known.choices.some((c) => c.name === choiceName))
          fields[`${path}.choices.${choiceName}`] = `is not a choice of "${groupName}"`;
      }
    }
  }
  return fields;
}

/**
 * The translations of the groups and choices a dish still has: when its options change without new
 * translations, those of a group or choice that went (or was renamed) go with it.
 */
export function keepTranslationsOfOptions(
  translations: TMenuItemTranslations,
  options: readonly TOptionGroup[],
): TMenuItemTranslations {
  const kept: TMenuItemTranslations = {};
  for (const [language, translation] of Object.entries(translations) as [
    Language,
    TMenuItemTranslations[Language],
  ][]) {
    if (!translation) continue;
    const { options: groups, ...texts } = translation;
    const keptGroups: NonNullable<typeof groups> = {};
    for (const [groupName, group] of Object.entries(groups ?? {})) {
      const known = options.find((g) => g.name === groupName);
      if (!known || !group) continue;
      const choices = Object.fromEntries(
        Object.entries(group.choices ?? {}).filter(([name]) => known.choices.some((c) => c.name === name)),
      );
      const keptGroup = {
        ...(group.name ? { name: group.name } : {}),
        ...(Object.keys(choices).length > 0 ? { choices } : {}),
      };
      if (Object.keys(keptGroup).length > 0) keptGroups[groupName] = keptGroup;
    }
    const keptTranslation = {
      ...texts,
      ...(Object.keys(keptGroups).length > 0 ? { options: keptGroups } : {}),
    };
    if (Object.keys(keptTranslation).length > 0) kept[language] = keptTranslation;
  }
  return kept;
}

/**
 * A category's name and description in `language`, each falling back to the working language's
 * (the base fields) on its own; the working language itself is the base fields.
 */
export function translateCategory<C extends { name: string; description: string | null }>(
  category: C,
  translations: TCategoryTranslations,
  language: Language,
  working: Language,
): C {
  const translation = language === working ? undefined : own(translations, language);
  if (!translation) return category;
  return {
    ...category,
    name: translation.name || category.name,
    description: translation.description || category.description,
  };
}

/**
 * A dish as a guest reading `language` sees it: every text in that language where it has one, else
 * the working language's, field by field (name, description, each group's name, each choice's).
 * Groups and choices keep their working-language names as `key`, which orders name them by.
 */
export function translateMenuItem(
  item: TMenuItem,
  translations: TMenuItemTranslations,
  language: Language,
  working: Language,
): TGuestMenuItem {
  const translation = language === working ? undefined : own(translations, language);
  const options: TGuestOptionGroup[] = item.options.map((group) => {
    const groupTranslation = own(translation?.options, group.name);
    return {
      key: group.name,
      name: groupTranslation?.name || group.name,
      required: group.required,
      min: group.min,
      max: group.max,
      choices: group.choices.map((choice) => ({
        key: choice.name,
        name: own(groupTranslation?.choices, choice.name) || choice.name,
        priceMinor: choice.priceMinor,
      })),
    };
  });
  // A guest's menu is cached by version, which taking units does not move: no count goes out.
  const { stockCount: _count, ...shown } = item;
  return {
    ...shown,
    name: translation?.name || item.name,
    description: translation?.description || item.description,
    options,
  };
}
