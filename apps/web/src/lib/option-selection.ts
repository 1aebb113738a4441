import type { TOptionGroup } from '@tavolo/contract/menu';
import { activeLanguage, t } from './i18n/i18n';

// Here rather than in a feature: the guest picks a dish's options on the menu, staff on the floor.

/**
 * A group or a choice as the guest reads it: `name` in the guest's language, `key` its name in the
 * working language, which orders name it by (the same when the menu is not translated).
 */
type Named = { name: string; key?: string };
export const keyOf = (option: Named): string => option.key ?? option.name;

/** An option group of the guest's menu (a staff menu's groups have no keys: their names are). */
export type GuestOptionGroup = Omit<TOptionGroup, 'choices'> & {
  key?: string;
  choices: (TOptionGroup['choices'][number] & { key?: string })[];
};

/** The guest's picks: group key → chosen choice keys. */
export type OptionSelection = Readonly<Record<string, readonly string[]>>;

/** A pick as orders name it: by the group's and the choice's keys. */
export interface ChosenOption {
  group: string;
  choice: string;
}

/** A group with one pick at most is a set of radio buttons; more, a set of checkboxes. */
export function isSingleChoice(group: GuestOptionGroup): boolean {
  return group.max <= 1;
}

/** "Required · choose 1", "Optional · up to 3", "Choose 2 to 3"… shown under the group's name. */
export function describeGroupRule(group: GuestOptionGroup): string {
  const { min, max, required } = group;
  if (!required || min === 0)
    return max === 1 ? t('lib.options.optional') : t('lib.options.optionalUpTo', { max });
  if (min === max) return t('lib.options.requiredExactly', { count: min });
  return t('lib.options.requiredRange', { min, max });
}

/** A group's name inside a sentence ("Choose your size"): lower case, but German keeps a noun's capital. */
export function groupNameInSentence(name: string): string {
  return activeLanguage() === 'de' ? name : name.toLowerCase();
}

/** What is wrong with each group's picks (group key → message); empty when the line can be added. */
export function validateSelection(
  groups: readonly GuestOptionGroup[],
  selection: OptionSelection,
): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const group of groups) {
    const picked = (selection[keyOf(group)] ?? []).filter((key) =>
      group.choices.some((choice) => keyOf(choice) === key),
    );
    const min = group.required ? Math.max(group.min, 1) : group.min;
    if (picked.length < min) {
      problems[keyOf(group)] =
        min === 1 && group.max === 1
          ? t('lib.options.chooseOne')
          : min === group.max
            ? t('lib.options.chooseExactly', { count: min })
            : t('lib.options.chooseAtLeast', { count: min });
    } else if (picked.length > group.max) {
      problems[keyOf(group)] = t('lib.options.chooseAtMost', { count: group.max });
    }
  }
  return problems;
}

/**
 * Picks or unpicks a choice. A single-choice group swaps its pick; a multiple one adds the choice
 * unless the group is full, in which case nothing changes (the full group's other boxes are disabled).
 */
export function toggleChoice(
  group: GuestOptionGroup,
  selection: OptionSelection,
  choice: string,
): OptionSelection {
  const key = keyOf(group);
  const current = selection[key] ?? [];
  if (isSingleChoice(group)) {
    if (current.includes(choice)) return group.required ? selection : { ...selection, [key]: [] };
    return { ...selection, [key]: [choice] };
  }
  if (current.includes(choice)) return { ...selection, [key]: current.filter((name) => name !== choice) };
  if (current.length >= group.max) return selection;
  return { ...selection, [key]: [...current, choice] };
}

/** The picks as the API wants them, in the menu's order of groups and choices. */
export function selectionToOptions(
  groups: readonly GuestOptionGroup[],
  selection: OptionSelection,
): ChosenOption[] {
  const options: ChosenOption[] = [];
  for (const group of groups) {
    const picked = selection[keyOf(group)] ?? [];
    for (const choice of group.choices) {
      if (picked.includes(keyOf(choice))) options.push({ group: keyOf(group), choice: keyOf(choice) });
    }
  }
  return options;
}

/**
 * What the chosen options add to the dish's price; undefined when one of them is not on the menu
 * any more (the menu changed since it was picked).
 */
export function optionsPriceMinor(
  groups: readonly GuestOptionGroup[],
  options: readonly ChosenOption[],
): number | undefined {
  let sum = 0;
  for (const option of options) {
    const choice = groups
      .find((group) => keyOf(group) === option.group)
      ?.choices.find((candidate) => keyOf(candidate) === option.choice);
    if (!choice) return undefined;
    sum += choice.priceMinor;
  }
  return sum;
}

/** A pick's choice as the guest reads it now (its key when the menu no longer has it). */
export function choiceName(groups: readonly GuestOptionGroup[], option: ChosenOption): string {
  return (
    groups
      .find((group) => keyOf(group) === option.group)
      ?.choices.find((choice) => keyOf(choice) === option.choice)?.name ?? option.choice
  );
}
