import { NavLink } from 'react-router';
import { cn } from '../../../lib/cn';
import { useCan } from '../../../lib/current-session';
import { t } from '../../../lib/i18n/i18n';

const tabClassName = (active: boolean) =>
  cn(
    'inline-flex min-h-11 items-center border-b-2 px-4 text-sm font-medium transition-colors',
    active ? 'border-accent-700 text-accent-800' : 'border-transparent text-ink-muted hover:text-ink',
  );

/** Wallet and Accounts, the screens of the Settlement area: shown when the user may open both. */
export function SettlementAreaTabs() {
  const canWallet = useCan('wallet.view');
  const canAccounts = useCan('settlement.manage');
  if (!canWallet || !canAccounts) return null;
  return (
    <nav aria-label={t('settlement.tabs.label')} className="mb-6 flex gap-2 border-b border-line">
      <NavLink to="/dashboard/settlement" end className={({ isActive }) => tabClassName(isActive)}>
        {t('settlement.tabs.wallet')}
      </NavLink>
      <NavLink to="/dashboard/settlement/accounts" className={({ isActive }) => tabClassName(isActive)}>
        {t('settlement.tabs.accounts')}
      </NavLink>
    </nav>
  );
}
