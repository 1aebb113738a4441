import { useCallback, useRef, useState } from 'react';
import { Logo } from '../../components/ui/logo';
import { LiveOrdersProvider } from '../../features/orders/components/live-orders';
import { useCan, useCurrentSession } from '../../lib/current-session';
import { t } from '../../lib/i18n/i18n';
import { useStaffTapSync } from '../../lib/staff-taps';
import { PermissionGuard } from '../permission-guard';
import { MobileNav } from './mobile-nav';
import { SharedDeviceLock } from './shared-device-lock';
import { SidebarNav } from './sidebar-nav';
import { TopBar } from './top-bar';

const MAIN_ID = 'main-content';

export function DashboardLayout() {
  const session = useCurrentSession();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  const followsOrders = useCan('orders.view');
  // Taps queued through a Wi-Fi drop go out when the way is open again, whatever screen is shown.
  useStaffTapSync();

  const layout = (
    <div className="min-h-dvh lg:flex">
      <SharedDeviceLock />
      <a
        href={`#${MAIN_ID}`}
        onClick={(event) => {
          event.preventDefault();
          document.getElementById(MAIN_ID)?.focus();
        }}
        className="sr-only rounded-lg bg-panel px-4 py-3 text-sm font-medium text-accent-800 shadow-lg focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50"
      >
        {t('app.layout.skipToContent')}
      </a>
      {/*
       * The column spans the page (border, background); the navigation inside stays in view. On a
       * 1024 px tablet it is a rail of icons, so the order board's five columns fit beside it.
       */}
      <aside className="hidden w-20 shrink-0 border-r border-line bg-panel lg:block xl:w-64">
        <div className="sticky top-0 flex h-dvh flex-col gap-6 overflow-y-auto p-2 pt-4 xl:p-4">
          <span className="hidden px-3 pt-2 xl:block">
            <Logo />
          </span>
          <span className="px-4 pt-2 xl:hidden">
            <Logo withWord={false} />
          </span>
          <SidebarNav rail />
        </div>
      </aside>
      <MobileNav open={menuOpen} onClose={closeMenu} returnFocusTo={menuButton} />
      <div className="flex min-h-dvh min-w-0 flex-1 flex-col">
        <TopBar menuOpen={menuOpen} onOpenMenu={() => setMenuOpen(true)} menuButtonRef={menuButton} />
        <main
          id={MAIN_ID}
          tabIndex={-1}
          className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 outline-none sm:px-6 lg:py-8 xl:px-8"
        >
          <PermissionGuard restaurantId={session.restaurantId} />
        </main>
      </div>
    </div>
  );
  // One live connection for every screen of the dashboard, for whoever follows orders.
  return followsOrders ? (
    <LiveOrdersProvider key={session.restaurantId}>{layout}</LiveOrdersProvider>
  ) : (
    layout
  );
}
