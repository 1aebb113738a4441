import { Link, matchRoutes, Navigate, Outlet, useLocation } from 'react-router';
import { buttonClassName } from '../components/ui/button';
import { NoAccess } from '../components/ui/no-access';
import { hasPermission, useCurrentSession } from '../lib/current-session';
import { type DashboardRouteHandle, NAV_ITEMS } from './layout/nav-items';
import { routes } from './router';

/** The deepest route's handle that says something about permissions. */
function useRouteHandle(): DashboardRouteHandle | undefined {
  return (matchRoutes(routes, useLocation()) ?? [])
    .map((match) => match.route.handle as DashboardRouteHandle | undefined)
    .findLast((handle) => handle?.permission !== undefined);
}

/**
 * The one place a dashboard route's permission is checked (routes declare it in their `handle`).
 * A screen the user may not open shows what is missing instead; the server refuses it anyway.
 */
export function PermissionGuard({ restaurantId }: { restaurantId: string }) {
  const session = useCurrentSession();
  const handle = useRouteHandle();
  const required = handle?.permission;
  // Keyed by restaurant: switching restaurants starts every screen afresh (forms, filters, streams).
  if (!required || hasPermission(session, required)) return <Outlet key={restaurantId} />;

  // A neighbouring screen of the same area the user may open (Staff → Roles).
  const otherwise = handle?.otherwise;
  if (otherwise && hasPermission(session, otherwise.permission))
    return <Navigate to={otherwise.to} replace />;

  const landing = NAV_ITEMS.find((item) => hasPermission(session, item.permission));
  // Staff whose role cannot see the overview land on the first area they can use instead.
  if (required === 'dashboard.view' && landing) return <Navigate to={landing.to} replace />;
  return (
    <NoAccess
      permission={required}
      action={
        landing ? (
          <Link to={landing.to} className={buttonClassName('primary')}>
            Go to {landing.label}
          </Link>
        ) : null
      }
    />
  );
}
