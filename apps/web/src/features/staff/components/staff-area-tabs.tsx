import { NavLink } from 'react-router';
import { cn } from '../../../lib/cn';
import { useCan } from '../../../lib/current-session';
import { t } from '../../../lib/i18n/i18n';

const tabClassName = (active: boolean) =>
  cn(
    'inline-flex min-h-11 items-center border-b-2 px-4 text-sm font-medium transition-colors',
    active ? 'border-accent-700 text-accent-800' : 'border-transparent text-ink-muted hover:text-ink',
  );

/** Staff and Roles, the two screens of the Staff area: each tab shows to whoever may open it. */
export function StaffAreaTabs() {
  const canStaff = useCan('staff.manage');
  const canRoles = useCan('roles.manage');
  if (!canStaff || !canRoles) return null;
  return (
    <nav aria-label={t('staff.tabs.label')} className="mb-6 flex gap-2 border-b border-line">
      <NavLink to="/dashboard/staff" end className={({ isActive }) => tabClassName(isActive)}>
        {t('staff.tabs.team')}
      </NavLink>
      <NavLink to="/dashboard/staff/roles" className={({ isActive }) => tabClassName(isActive)}>
        {t('staff.tabs.roles')}
      </NavLink>
    </nav>
  );
}
