import type { Language } from '@tavolo/contract/languages';
import type { TMenuItemTranslations, TOptionGroup } from '@tavolo/contract/menu';

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
