import type { TMeResponse } from '@tavolo/contract/auth';
import type { RefObject } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Button } from '../../components/ui/button';
import { LogoutIcon, MenuIcon, UsersIcon } from '../../components/ui/icons';
import { useToast } from '../../components/ui/toast';
import { RestaurantSwitcher } from '../../features/settings/components/restaurant-switcher';
import { getErrorMessage } from '../../lib/api-client';
import { useSharedDevice } from '../../lib/current-device';
import { useCurrentSession } from '../../lib/current-session';
import { t } from '../../lib/i18n/i18n';
import { useLogout } from '../../lib/logout';
import { MOBILE_NAV_ID } from './mobile-nav';
import { NAV_ITEMS } from './nav-items';

/** After a switch, the same area of the new restaurant: a dish or a staff member of the old one is not there. */
function areaRoot(pathname: string): string {
  const area = NAV_ITEMS.filter((item) => pathname === item.to || pathname.startsWith(`${item.to}/`)).sort(
    (a, b) => b.to.length - a.to.length,
  )[0];
  return area?.to ?? '/dashboard/overview';
}

export function TopBar({
  menuOpen,
  onOpenMenu,
  menuButtonRef,
}: {
  menuOpen: boolean;
  onOpenMenu: () => void;
  menuButtonRef: RefObject<HTMLButtonElement | null>;
}) {
  const session = useCurrentSession();
  const logout = useLogout();
  const sharedDevice = useSharedDevice();
  const toast = useToast();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const onSwitched = (me: TMeResponse | undefined) => {
    const target = areaRoot(pathname);
    // Settings keeps its place (the restaurants list); elsewhere the area's first screen.
    if (me && target !== pathname && !pathname.startsWith('/dashboard/settings'))
      void navigate(target, { replace: true });
  };

  return (
    <header className="sticky top-0 z-20 flex h-16 items-center gap-2 border-b border-line bg-panel px-2 sm:gap-4 sm:px-6">
      <button
        ref={menuButtonRef}
        type="button"
        onClick={onOpenMenu}
        aria-expanded={menuOpen}
        aria-controls={MOBILE_NAV_ID}
        className="flex size-11 shrink-0 items-center justify-center rounded-lg text-ink-muted hover:bg-slate-100 hover:text-ink lg:hidden"
      >
        <MenuIcon />
        <span className="sr-only">{t('app.layout.openMenu')}</span>
      </button>
      <div className="flex min-w-0 flex-1 items-center">
        <RestaurantSwitcher onSwitched={onSwitched} />
      </div>
      <Link
        to="/dashboard/settings"
        className="hidden min-w-0 flex-col items-end rounded-lg px-2 py-1 text-right hover:bg-slate-100 sm:flex"
        title={t('app.account.link')}
      >
        <span className="max-w-48 truncate text-sm font-medium text-ink">{session.name}</span>
        <span className="text-xs text-ink-muted">
          {t('app.account.userType', { userType: session.userType })}
        </span>
      </Link>
      {sharedDevice ? (
        <Button
          variant="secondary"
          className="shrink-0"
          pending={logout.isPending}
          onClick={() =>
            logout.mutate(undefined, { onError: (error) => toast.error(getErrorMessage(error)) })
          }
        >
          <UsersIcon />
          <span className="sr-only sm:not-sr-only">{t('app.account.switchUser')}</span>
        </Button>
      ) : null}
      <Button
        variant="ghost"
        className="shrink-0"
        pending={logout.isPending}
        onClick={() => logout.mutate(undefined, { onError: (error) => toast.error(getErrorMessage(error)) })}
      >
        <LogoutIcon />
        <span className="sr-only sm:not-sr-only">{t('app.account.logOut')}</span>
      </Button>
    </header>
  );
}
