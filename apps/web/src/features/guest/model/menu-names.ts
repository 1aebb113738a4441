import type { TGuestTodayMenu } from '@tavolo/contract/menu';
import { type ChosenOption, choiceName } from '../../../lib/option-selection';

/**
 * An order's dishes and choices in the guest's language: orders keep the working language's names
 * (the kitchen's), the guest's menu has the guest's; a dish gone from today's menu keeps its own.
 */
export function menuNames(menu: TGuestTodayMenu | undefined) {
  const items = new Map(
    menu?.categories.flatMap((category) => category.items.map((item) => [item.id, item])),
  );
  return {
    dish: (menuItemId: string, name: string) => items.get(menuItemId)?.name ?? name,
    choice: (menuItemId: string, option: ChosenOption) => {
      const item = items.get(menuItemId);
      return item ? choiceName(item.options, option) : option.choice;
    },
  };
}

/** What `menuNames` answers: a dish's and a chosen option's name in the guest's language. */
export type MenuNames = ReturnType<typeof menuNames>;
