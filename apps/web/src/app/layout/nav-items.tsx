import type { TMeResponse } from '@tavolo/contract/auth';
import type { TPermission } from '@tavolo/contract/permissions';
import type { ReactNode } from 'react';
import { hasPermission } from '../../lib/current-session';
import { DASHBOARD_SCREENS, type ScreenPermission } from '../dashboard-screens';

export interface NavItem {
  to: string;
  /** Looked up when drawn, in the language of the moment. */
  label: () => string;
  icon: ReactNode;
  /** Who sees the link; none: everyone. */
  permission?: ScreenPermission;
  /** Active on this exact path only (Orders must not light up on Past orders). */
  end?: boolean;
}

/** Each permission once, in order: one or several of which any will do. */
function joinPermissions(...permissions: (ScreenPermission | undefined)[]): ScreenPermission | undefined {
  const all = [...new Set(permissions.flat().filter((one): one is TPermission => one !== undefined))];
  return all.length > 1 ? all : all[0];
}

/**
 * Every dashboard area, in sidebar order, from the screens that have a link. It shows to those
 * who may open the screen or the one it sends them to instead (Staff → Roles), unless `shownTo` says.
 */
export const NAV_ITEMS: readonly NavItem[] = DASHBOARD_SCREENS.flatMap(
  ({ path, permission, otherwise, nav }) =>
    nav
      ? [
          {
            to: `/${path}`,
            label: nav.label,
            icon: nav.icon,
            permission: nav.shownTo ?? (permission && joinPermissions(permission, otherwise?.permission)),
            end: nav.end,
          },
        ]
      : [],
);

/** The links this user sees, in sidebar order. */
export function listNavItems(session: TMeResponse): NavItem[] {
  return NAV_ITEMS.filter((item) => !item.permission || hasPermission(session, item.permission));
}
