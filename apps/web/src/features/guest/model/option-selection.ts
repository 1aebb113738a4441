import type { TOptionGroup } from '@tavolo/contract/menu';
import { activeLanguage, t } from '../../../lib/i18n/i18n';

/** The guest's picks: group name → chosen choice names. */
export type OptionSelection = Readonly<Record<string, readonly string[]>>;

export interface ChosenOption {
  group: string;
  choice: string;
}

/** A group with one pick at most is a set of radio buttons; more, a set of checkboxes. */
export function isSingleChoice(group: TOptionGroup): boolean {
  return group.max <= 1;
}

/** "Required · choose 1", "Optional · up to 3", "Choose 2 to 3"… shown under the group's name. */
export function describeGroupRule(group: TOptionGroup): string {
  const { min, max, required } = group;
  if (!required || min === 0)
    return max === 1 ? t('guest.options.optional') : t('guest.options.optionalUpTo', { max });
  if (min === max) return t('guest.options.requiredExactly', { count: min });
  return t('guest.options.requiredRange', { min, max });
}

/** A group's name inside a sentence ("Choose your size"): lower case, but German keeps a noun's capital. */
export function groupNameInSentence(name: string): string {
  return activeLanguage() === 'de' ? name : name.toLowerCase();
}

/** What is wrong with each group's picks (group name → message); empty when the line can be added. */
export function validateSelection(
  groups: readonly TOptionGroup[],
  selection: OptionSelection,
): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const group of groups) {
    const picked = (selection[group.name] ?? []).filter((name) =>
      group.choices.some((choice) => choice.name === name),
    );
    const min = group.required ? Math.max(group.min, 1) : group.min;
    if (picked.length < min) {
      problems[group.name] =
        min === 1 && group.max === 1
          ? t('guest.options.chooseOne')
          : min === group.max
            ? t('guest.options.chooseExactly', { count: min })
            : t('guest.options.chooseAtLeast', { count: min });
    } else if (picked.length > group.max) {
      problems[group.name] = t('guest.options.chooseAtMost', { count: group.max });
    }
  }
  return problems;
}

/**
 * Picks or unpicks a choice. A single-choice group swaps its pick; a multiple one adds the choice
 * unless the group is full, in which case nothing changes (the full group's other boxes are disabled).
 */
export function toggleChoice(
  group: TOptionGroup,
  selection: OptionSelection,
  choice: string,
): OptionSelection {
  const current = selection[group.name] ?? [];
  if (isSingleChoice(group)) {
    if (current.includes(choice)) return group.required ? selection : { ...selection, [group.name]: [] };
    return { ...selection, [group.name]: [choice] };
  }
  if (current.includes(choice))
    return { ...selection, [group.name]: current.filter((name) => name !== choice) };
  if (current.length >= group.max) return selection;
  return { ...selection, [group.name]: [...current, choice] };
}

/** The picks as the API wants them, in the menu's order of groups and choices. */
export function selectionToOptions(
  groups: readonly TOptionGroup[],
  selection: OptionSelection,
): ChosenOption[] {
  const options: ChosenOption[] = [];
  for (const group of groups) {
    const picked = selection[group.name] ?? [];
    for (const choice of group.choices) {
      if (picked.includes(choice.name)) options.push({ group: group.name, choice: choice.name });
    }
  }
  return options;
}

/**
 * What the chosen options add to the dish's price; undefined when one of them is not on the menu
 * any more (the menu changed since it was picked).
 */
export function optionsPriceMinor(
  groups: readonly TOptionGroup[],
  options: readonly ChosenOption[],
): number | undefined {
  let sum = 0;
  for (const option of options) {
    const choice = groups
      .find((group) => group.name === option.group)
      ?.choices.find((candidate) => candidate.name === option.choice);
    if (!choice) return undefined;
    sum += choice.priceMinor;
  }
  return sum;
}
