import type { TMeResponse } from '@tavolo/contract/auth';
import type { TPermission } from '@tavolo/contract/permissions';

/*
 * Where a person lands when they sign in (PRODUCT.md §9: "staff land on their role's screen"),
 * by password or on a shared device by PIN: the one rule, decided from their permissions alone.
 */

/** The dashboard's home: the overview, which sends those who may not see it to their first area. */
export const HOME_PATH = '/dashboard/overview';
export const FLOOR_PATH = '/dashboard/floor';
export const KITCHEN_PATH = '/dashboard/kitchen';

type Holder = Pick<TMeResponse, 'userType' | 'permissions'>;

/**
 * Someone who takes orders but does not see the overview (a waiter) lands on the floor; someone
 * who sees and works orders but does not take them (the kitchen) on the kitchen's station screen;
 * everyone else (owners, managers, cashiers) on the home screen. Both screens need orders.view.
 */
export function landingPath(session: Holder): string {
  if (session.userType === 'owner') return HOME_PATH;
  const holds = (permission: TPermission) => session.permissions.includes(permission);
  if (holds('dashboard.view') || !holds('orders.view')) return HOME_PATH;
  if (holds('orders.create')) return FLOOR_PATH;
  if (holds('orders.manage')) return KITCHEN_PATH;
  return HOME_PATH;
}
