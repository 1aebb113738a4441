import type { TPermission } from '@tavolo/contract/permissions';
import { t } from '../../../lib/i18n/i18n';

/*
 * The first steps of a new restaurant, ticked as they are done. Each is checked with a list the
 * user may read (one call for categories and dishes: each category counts its dishes); a step
 * whose list the user may not read is not shown at all.
 */

export type SetupStepId = 'categories' | 'dishes' | 'tables' | 'staff';

export interface SetupStepDefinition {
  id: SetupStepId;
  to: string;
  permission: TPermission;
}

export const SETUP_STEPS: readonly SetupStepDefinition[] = [
  { id: 'categories', to: '/dashboard/categories', permission: 'menu.manage' },
  { id: 'dishes', to: '/dashboard/menu/add', permission: 'menu.manage' },
  { id: 'tables', to: '/dashboard/tables', permission: 'tables.manage' },
  { id: 'staff', to: '/dashboard/staff/new-staff', permission: 'staff.manage' },
];

/** What a step asks for ("Invite your team"), and how it reads once done ("Team invited"). */
function stepLabels(id: SetupStepId): { label: string; doneLabel: string } {
  switch (id) {
    case 'categories':
      return { label: t('overview.setup.categories'), doneLabel: t('overview.setup.categoriesDone') };
    case 'dishes':
      return { label: t('overview.setup.dishes'), doneLabel: t('overview.setup.dishesDone') };
    case 'tables':
      return { label: t('overview.setup.tables'), doneLabel: t('overview.setup.tablesDone') };
    case 'staff':
      return { label: t('overview.setup.staff'), doneLabel: t('overview.setup.staffDone') };
  }
}

/** true: done; false: to do; null: not known (still loading, or the check failed). */
export type StepState = boolean | null;

export interface SetupStep extends SetupStepDefinition {
  label: string;
  doneLabel: string;
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
    ...stepLabels(step.id),
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
