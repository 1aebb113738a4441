import type { RefObject } from 'react';
import { Button } from '../../components/ui/button';
import { LogoutIcon, MenuIcon } from '../../components/ui/icons';
import { useToast } from '../../components/ui/toast';
import { useLogout } from '../../features/auth/api/logout';
import { getErrorMessage } from '../../lib/api-client';
import { useCurrentSession } from '../../lib/current-session';
import { MOBILE_NAV_ID } from './mobile-nav';

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
  const toast = useToast();

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
        <span className="sr-only">Open menu</span>
      </button>
      <div className="flex min-w-0 flex-1 items-center gap-3">
        {session.restaurant.logoUrl ? (
          <img src={session.restaurant.logoUrl} alt="" className="size-8 shrink-0 rounded-md object-cover" />
        ) : null}
        <p className="truncate text-base font-semibold text-ink" data-testid="restaurant-name">
          {session.restaurant.name}
        </p>
      </div>
      <div className="hidden min-w-0 flex-col items-end text-right sm:flex">
        <span className="max-w-48 truncate text-sm font-medium text-ink">{session.name}</span>
        <span className="text-xs text-ink-muted">{session.userType === 'owner' ? 'Owner' : 'Staff'}</span>
      </div>
      <Button
        variant="ghost"
        className="shrink-0"
        pending={logout.isPending}
        onClick={() => logout.mutate(undefined, { onError: (error) => toast.error(getErrorMessage(error)) })}
      >
        <LogoutIcon />
        <span className="sr-only sm:not-sr-only">Log out</span>
      </Button>
    </header>
  );
}
