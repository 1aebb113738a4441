import { PERMISSIONS, type TPermission } from '@tavolo/contract/permissions';
import { AppError, forbidden } from '../../core/app-error';
import type { Principal } from '../../core/principal';

export const CATALOGUE: ReadonlySet<string> = new Set(PERMISSIONS);

/**
 * The permissions a request names, checked against the catalogue (422 naming the first unknown one)
 * and de-duplicated, in the catalogue's order.
 */
export function catalogued(permissions: readonly string[]): TPermission[] {
  const unknown = permissions.filter((p) => !CATALOGUE.has(p));
  if (unknown.length > 0) {
    const names = [...new Set(unknown)].map((p) => JSON.stringify(p)).join(', ');
    throw new AppError('UNPROCESSABLE', `Not in the permission catalogue: ${names}`, {
      permissions: `${names} ${unknown.length === 1 ? 'is not a permission' : 'are not permissions'}`,
    });
  }
  return PERMISSIONS.filter((p) => permissions.includes(p));
}

/** What of `permissions` the caller does not hold (owners hold every permission). */
export function notHeldBy(principal: Principal, permissions: readonly string[]): string[] {
  return permissions.filter((p) => !principal.permissions.has(p as TPermission));
}

/**
 * Nobody hands out a permission they do not hold: not by writing it into a role, not by giving
 * someone a role that has it. `what` says what the caller tried.
 */
export function assertHolds(principal: Principal, permissions: readonly string[], what: string): void {
  const missing = notHeldBy(principal, permissions);
  if (missing.length > 0) {
    throw forbidden(`You cannot ${what}: it grants ${missing.join(', ')}, which you do not hold`);
  }
}
