import { Link, matchRoutes, Navigate, Outlet, useLocation } from 'react-router';
import { buttonClassName } from '../components/ui/button';
import { NoAccess } from '../components/ui/no-access';
import { hasPermission, useCurrentSession } from '../lib/current-session';
import { t } from '../lib/i18n/i18n';
import { HOME_PATH, landingPath } from '../lib/landing';
import { DASHBOARD_SCREENS, type DashboardScreen } from './dashboard-screens';
import { listNavItems } from './layout/nav-items';

// The screens' paths alone, to find which screen a location opens, ranked as the router ranks them.
const SCREEN_PATHS = DASHBOARD_SCREENS.flatMap((screen) => [
  { path: screen.path, handle: screen },
  ...(screen.index ? [{ index: true, handle: screen }] : []),
]);

function useScreen(): DashboardScreen | undefined {
  return matchRoutes(SCREEN_PATHS, useLocation())?.[0]?.route.handle;
}

/**
 * The one place a dashboard screen's permission is checked (dashboard-screens.tsx declares it).
 * A screen the user may not open shows what is missing instead; the server refuses it anyway.
 */
export function PermissionGuard({ restaurantId }: { restaurantId: string }) {
  const session = useCurrentSession();
  const screen = useScreen();
  const required = screen?.permission;
  // Keyed by restaurant: switching restaurants starts every screen afresh (forms, filters, streams).
  if (!required || hasPermission(session, required)) return <Outlet key={restaurantId} />;

  // A neighbouring screen of the same area the user may open (Staff → Roles).
  const otherwise = screen.otherwise;
  if (otherwise && (!otherwise.permission || hasPermission(session, otherwise.permission)))
    return <Navigate to={`/${otherwise.path}`} replace />;

  const landing = listNavItems(session)[0];
  // Staff whose role cannot see the overview land on their role's screen (the floor, the kitchen:
  // lib/landing.ts), else on the first area they can use.
  if (required === 'dashboard.view') {
    const own = landingPath(session);
    if (own !== HOME_PATH) return <Navigate to={own} replace />;
    if (landing) return <Navigate to={landing.to} replace />;
  }
  return (
    <NoAccess
      permission={required}
      action={
        landing ? (
          <Link to={landing.to} className={buttonClassName('primary')}>
            {t('app.noAccess.goTo', { area: landing.label() })}
          </Link>
        ) : null
      }
    />
  );
}
