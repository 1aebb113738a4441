import type { TPermission } from '@tavolo/contract/permissions';

/*
 * The first steps of a new restaurant, ticked as they are done. Each is checked with a list the
 * user may read (one call for categories and dishes: each category counts its dishes); a step
 * whose list the user may not read is not shown at all.
 */

export type SetupStepId = 'categories' | 'dishes' | 'tables' | 'staff';

export interface SetupStepDefinition {
  id: SetupStepId;
  to: string;
  label: string;
  doneLabel: string;
  permission: TPermission;
}

export const SETUP_STEPS: readonly SetupStepDefinition[] = [
  {
    id: 'categories',
    to: '/dashboard/categories',
    label: 'Group your menu into categories',
    doneLabel: 'Menu grouped into categories',
    permission: 'menu.manage',
  },
  {
    id: 'dishes',
    to: '/dashboard/menu/add',
    label: 'Add your first dishes',
    doneLabel: 'Dishes on the menu',
    permission: 'menu.manage',
  },
  {
    id: 'tables',
    to: '/dashboard/tables',
    label: 'Add tables and print their QR codes',
    doneLabel: 'Tables added',
    permission: 'tables.manage',
  },
  {
    id: 'staff',
    to: '/dashboard/staff/new-staff',
    label: 'Invite your team',
    doneLabel: 'Team invited',
    permission: 'staff.manage',
  },
];

/** true: done; false: to do; null: not known (still loading, or the check failed). */
export type StepState = boolean | null;

export interface SetupStep extends SetupStepDefinition {
  done: StepState;
}

export interface SetupProgress {
  steps: SetupStep[];
  doneCount: number;
  /** Every step shown is known to be done: the checklist hides. */
  complete: boolean;
  /** Some step is still unknown: the checklist waits rather than flash. */
  pending: boolean;
}

export function describeSetup(
  states: Partial<Record<SetupStepId, StepState>>,
  can: (permission: TPermission) => boolean,
): SetupProgress {
  const steps = SETUP_STEPS.filter((step) => can(step.permission)).map((step) => ({
    ...step,
    done: states[step.id] ?? null,
  }));
  const doneCount = steps.filter((step) => step.done === true).length;
  return {
    steps,
    doneCount,
    complete: doneCount === steps.length,
    pending: steps.some((step) => step.done === null),
  };
}

/** Categories exist, and dishes exist (every dish belongs to a category, which counts it). */
export function readMenuSetup(categories: readonly { itemCount: number }[]): {
  categories: boolean;
  dishes: boolean;
} {
  return {
    categories: categories.length > 0,
    dishes: categories.some((category) => category.itemCount > 0),
  };
}
