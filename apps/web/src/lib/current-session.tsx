import type { TMeResponse } from '@tavolo/contract/auth';
import type { TPermission } from '@tavolo/contract/permissions';
import { createContext, type ReactNode, use } from 'react';
import { t } from './i18n/i18n';

/**
 * The signed-in user, as /auth/me last answered. The app's protected route provides it, so that
 * any feature can read it without importing the auth feature.
 */
/** The key of GET /auth/me in the query cache: what changes the session or its restaurant refreshes it. */
export const meQueryKey = ['auth', 'me'] as const;

const CurrentSessionContext = createContext<TMeResponse | null>(null);

export function CurrentSessionProvider({ session, children }: { session: TMeResponse; children: ReactNode }) {
  return <CurrentSessionContext value={session}>{children}</CurrentSessionContext>;
}

export function useCurrentSession(): TMeResponse {
  const session = use(CurrentSessionContext);
  if (!session) throw new Error('useCurrentSession is used outside the protected area');
  return session;
}

/**
 * Owners hold every permission; the server sends the full list for them too. A list means any of
 * them will do (today's menu opens to menu managers and to the kitchen, who may mark dishes sold out).
 */
export function hasPermission(
  session: TMeResponse,
  permission: TPermission | readonly TPermission[],
): boolean {
  if (session.userType === 'owner') return true;
  const wanted: readonly TPermission[] = typeof permission === 'string' ? [permission] : permission;
  return wanted.some((one) => session.permissions.includes(one));
}

/** Whether the signed-in user may do this (any of a list will do): the one check every screen uses. */
export function useCan(permission: TPermission | readonly TPermission[]): boolean {
  return hasPermission(useCurrentSession(), permission);
}

/**
 * The permission in plain words, as the roles editor shows it ("Edit the menu and its categories"):
 * the contract's labels (PERMISSION_GROUPS) in the person's language.
 */
export function describePermission(permission: TPermission): string {
  switch (permission) {
    case 'dashboard.view':
      return t('lib.permission.dashboard.view');
    case 'orders.view':
      return t('lib.permission.orders.view');
    case 'orders.create':
      return t('lib.permission.orders.create');
    case 'orders.manage':
      return t('lib.permission.orders.manage');
    case 'menu.manage':
      return t('lib.permission.menu.manage');
    case 'menu.availability':
      return t('lib.permission.menu.availability');
    case 'tables.manage':
      return t('lib.permission.tables.manage');
    case 'staff.manage':
      return t('lib.permission.staff.manage');
    case 'roles.manage':
      return t('lib.permission.roles.manage');
    case 'payments.view':
      return t('lib.permission.payments.view');
    case 'payments.take':
      return t('lib.permission.payments.take');
    case 'payments.manage':
      return t('lib.permission.payments.manage');
    case 'wallet.view':
      return t('lib.permission.wallet.view');
    case 'wallet.withdraw':
      return t('lib.permission.wallet.withdraw');
    case 'settlement.manage':
      return t('lib.permission.settlement.manage');
    case 'reviews.view':
      return t('lib.permission.reviews.view');
    case 'settings.manage':
      return t('lib.permission.settings.manage');
    default:
      return permission;
  }
}
