import { NavLink } from 'react-router';
import { cn } from '../../../lib/cn';
import { t } from '../../../lib/i18n/i18n';

const tabClassName = (active: boolean) =>
  cn(
    'inline-flex min-h-11 shrink-0 items-center border-b-2 px-4 text-sm font-medium whitespace-nowrap transition-colors',
    active ? 'border-accent-700 text-accent-800' : 'border-transparent text-ink-muted hover:text-ink',
  );

/**
 * Payments, Receipts and Close the day: the screens of the Payments area, each open to whoever
 * sees payments. On a phone the row scrolls sideways rather than wrap.
 */
export function PaymentsAreaTabs() {
  return (
    <nav
      aria-label={t('payments.tabs.label')}
      className="-mx-4 mb-6 flex gap-2 overflow-x-auto border-b border-line px-4 sm:mx-0 sm:px-0"
    >
      <NavLink to="/dashboard/payments" end className={({ isActive }) => tabClassName(isActive)}>
        {t('payments.tabs.payments')}
      </NavLink>
      <NavLink to="/dashboard/payments/receipts" className={({ isActive }) => tabClassName(isActive)}>
        {t('payments.tabs.receipts')}
      </NavLink>
      <NavLink to="/dashboard/payments/close-day" className={({ isActive }) => tabClassName(isActive)}>
        {t('payments.tabs.closeDay')}
      </NavLink>
    </nav>
  );
}
