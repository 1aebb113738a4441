import type { TStaffMember } from '@tavolo/contract/staff';
import { memo } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { PencilIcon, TrashIcon } from '../../../components/ui/icons';
import { cn } from '../../../lib/cn';
import { formatDateTime } from '../../../lib/format';
import { t } from '../../../lib/i18n/i18n';

// Quieter than Button (several sit in a row), still 44px tall on touch screens.
const actionBase =
  'inline-flex min-h-11 items-center justify-center gap-1.5 rounded-lg px-3 text-sm font-medium transition-colors disabled:cursor-not-allowed disabled:opacity-60';
const action = cn(actionBase, 'text-ink hover:bg-slate-100 active:bg-slate-200');
const dangerAction = cn(actionBase, 'text-red-700 hover:bg-red-50 active:bg-red-100');

/** One staff member: who, their role, whether they can sign in, when they last did; and the actions. */
export const StaffRow = memo(function StaffRow({
  member,
  timezone,
  onToggleActive,
  onDelete,
}: {
  member: TStaffMember;
  timezone: string;
  onToggleActive: (member: TStaffMember) => void;
  onDelete: (member: TStaffMember) => void;
}) {
  return (
    <li
      className="grid gap-3 border-b border-line px-4 py-4 last:border-b-0 md:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1.3fr)_16.5rem] md:items-center"
      data-testid="staff-row"
      data-active={member.active}
    >
      <div className="flex min-w-0 flex-col">
        <h3 className="truncate font-semibold text-ink">{member.name}</h3>
        <p className="truncate text-sm text-ink-muted">{member.email}</p>
        {member.phone ? <p className="truncate text-sm text-ink-muted">{member.phone}</p> : null}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone="accent">{member.roleName}</Badge>
        {member.active ? (
          <Badge tone="success">{t('staff.member.active')}</Badge>
        ) : (
          <Badge tone="warning">{t('staff.member.inactive')}</Badge>
        )}
      </div>
      <p className="text-sm text-ink-muted">
        <span className="md:sr-only">{t('staff.row.lastSignInLabel')} </span>
        {member.lastLoginAt ? formatDateTime(member.lastLoginAt, timezone) : t('staff.row.neverSignedIn')}
      </p>
      <div className="-mx-3 flex flex-wrap items-center gap-1 md:mx-0 md:justify-end">
        <Link to={`/dashboard/staff/update/${member.id}`} className={action}>
          <PencilIcon className="size-4" />
          <span aria-hidden="true">{t('staff.action.edit')}</span>
          <span className="sr-only">{t('staff.action.editNamed', { name: member.name })}</span>
        </Link>
        <button type="button" className={action} onClick={() => onToggleActive(member)}>
          <span aria-hidden="true">
            {member.active ? t('staff.action.deactivate') : t('staff.action.activate')}
          </span>
          <span className="sr-only">
            {member.active
              ? t('staff.action.deactivateNamed', { name: member.name })
              : t('staff.action.activateNamed', { name: member.name })}
          </span>
        </button>
        <button type="button" className={dangerAction} onClick={() => onDelete(member)}>
          <TrashIcon className="size-4" />
          <span aria-hidden="true">{t('staff.action.delete')}</span>
          <span className="sr-only">{t('staff.action.deleteNamed', { name: member.name })}</span>
        </button>
      </div>
    </li>
  );
});
