import { NavLink, useLocation } from 'react-router';
import { cn } from '../../lib/cn';
import { hasPermission, useCurrentSession } from '../../lib/current-session';
import { useUnseenOrders } from '../../lib/unseen-orders';
import { NAV_ITEMS } from './nav-items';

const linkClassName = (active: boolean) =>
  cn(
    'flex min-h-11 items-center gap-3 rounded-lg px-3 text-sm font-medium transition-colors',
    active ? 'bg-accent-50 text-accent-800' : 'text-ink-muted hover:bg-slate-100 hover:text-ink',
  );

export function SidebarNav({ onNavigate }: { onNavigate?: () => void }) {
  const session = useCurrentSession();
  const { pathname } = useLocation();
  const items = NAV_ITEMS.filter((item) => hasPermission(session, item.permission));
  const unseen = useUnseenOrders();

  return (
    <nav aria-label="Dashboard">
      <ul className="flex flex-col gap-1">
        {items.map((item) => {
          // The overview is also the protected index route, "/": its link is the active one there.
          const atIndex = pathname === '/' && item.to === '/dashboard/overview';
          return (
            <li key={item.to}>
              <NavLink
                to={atIndex ? '/' : item.to}
                end={atIndex || item.end}
                onClick={onNavigate}
                className={({ isActive }) => linkClassName(isActive)}
              >
                <span className="shrink-0">{item.icon}</span>
                {item.label}
                {item.to === '/dashboard/orders' && unseen > 0 ? (
                  <span
                    className="ml-auto min-w-6 rounded-full bg-red-700 px-1.5 text-center text-xs leading-6 font-bold text-white"
                    data-testid="new-orders-badge"
                  >
                    {unseen}
                    <span className="sr-only"> new</span>
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
