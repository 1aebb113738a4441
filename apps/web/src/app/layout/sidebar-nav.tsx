import { NavLink, useLocation } from 'react-router';
import { cn } from '../../lib/cn';
import { useCurrentSession } from '../../lib/current-session';
import { t } from '../../lib/i18n/i18n';
import { useUnseenOrders } from '../../lib/unseen-orders';
import { listNavItems } from './nav-items';

const linkClassName = (active: boolean, rail: boolean) =>
  cn(
    'relative flex min-h-11 items-center gap-3 rounded-lg px-3 text-sm font-medium transition-colors',
    // A rail of icons between lg and xl (a tablet): the label is there for screen readers.
    rail && 'lg:justify-center lg:px-0 xl:justify-start xl:px-3',
    active ? 'bg-accent-50 text-accent-800' : 'text-ink-muted hover:bg-slate-100 hover:text-ink',
  );

/** `rail`: icons only from lg to xl, where a tablet needs the width for the screen. */
export function SidebarNav({ onNavigate, rail = false }: { onNavigate?: () => void; rail?: boolean }) {
  const session = useCurrentSession();
  const { pathname } = useLocation();
  const items = listNavItems(session);
  const unseen = useUnseenOrders();

  return (
    <nav aria-label={t('app.nav.label')}>
      <ul className="flex flex-col gap-1">
        {items.map((item) => {
          // The overview is also the protected index route, "/": its link is the active one there.
          const atIndex = pathname === '/' && item.to === '/dashboard/overview';
          const label = item.label();
          return (
            <li key={item.to}>
              <NavLink
                to={atIndex ? '/' : item.to}
                end={atIndex || item.end}
                onClick={onNavigate}
                className={({ isActive }) => linkClassName(isActive, rail)}
                title={rail ? label : undefined}
              >
                <span className="shrink-0">{item.icon}</span>
                <span className={cn(rail && 'lg:sr-only xl:not-sr-only')}>{label}</span>
                {item.to === '/dashboard/orders' && unseen > 0 ? (
                  <span
                    className={cn(
                      'ml-auto min-w-6 rounded-full bg-red-700 px-1.5 text-center text-xs leading-6 font-bold text-white',
                      rail && 'lg:absolute lg:top-0 lg:right-1 lg:ml-0 xl:static xl:ml-auto',
                    )}
                    data-testid="new-orders-badge"
                  >
                    {unseen}
                    <span className="sr-only"> {t('app.nav.newOrders', { count: unseen })}</span>
                  </span>
                ) : null}
              </NavLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
