import type { TPermission } from '@tavolo/contract/permissions';
import type { TRole } from '@tavolo/contract/staff';
import { PERMISSION_GROUPS, PERMISSIONS } from '@tavolo/contract/values/permissions';
import { t } from '../../../lib/i18n/i18n';
import { permissionAreaLabel } from './permission-labels';

/** Nobody grants a permission they do not hold (the server answers 403): owners hold them all. */
export function grantablePermissions(
  userType: 'owner' | 'staff',
  held: readonly TPermission[],
): ReadonlySet<TPermission> {
  return new Set(userType === 'owner' ? PERMISSIONS : held);
}

/** The permissions in catalogue order, so that a saved list reads the same each time. */
export function sortPermissions(permissions: Iterable<string>): TPermission[] {
  const wanted = new Set(permissions);
  return PERMISSIONS.filter((permission) => wanted.has(permission));
}

/** The checkbox's new list: ticking adds, unticking removes. */
export function togglePermission(
  permissions: readonly TPermission[],
  permission: TPermission,
  on: boolean,
): TPermission[] {
  const next = new Set(permissions);
  if (on) next.add(permission);
  else next.delete(permission);
  return sortPermissions(next);
}

/** Whether two lists hold the same permissions, whatever their order. */
export function samePermissions(a: readonly string[], b: readonly string[]): boolean {
  const left = new Set(a);
  const right = new Set(b);
  return left.size === right.size && [...left].every((permission) => right.has(permission));
}

/**
 * Why a role cannot be deleted right now, or null when it can. The server refuses a role still
 * assigned (409); saying so beforehand saves a round trip and a surprise.
 */
export function explainRoleDeletionBlock(role: Pick<TRole, 'staffCount' | 'name'>): string | null {
  if (role.staffCount <= 0) return null;
  return t('staff.role.deletionBlocked', { count: role.staffCount, name: role.name });
}

/** "3 of 16 permissions", or the area names when few: what the roles list says of a role. */
export function summarizePermissions(permissions: readonly string[]): string {
  const held = new Set(permissions);
  if (held.size === 0) return t('staff.role.noPermissions');
  if (held.size >= PERMISSIONS.length) return t('staff.role.everyPermission');
  const areas = PERMISSION_GROUPS.filter((group) =>
    group.permissions.some((entry) => held.has(entry.permission)),
  ).map((group) => permissionAreaLabel(group.area));
  return areas.join(', ');
}
