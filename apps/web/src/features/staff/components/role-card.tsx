import type { TRole } from '@tavolo/contract/staff';
import { memo } from 'react';
import { Badge } from '../../../components/ui/badge';
import { PencilIcon, TrashIcon } from '../../../components/ui/icons';
import { cn } from '../../../lib/cn';
import { t } from '../../../lib/i18n/i18n';
import { explainRoleDeletionBlock, summarizePermissions } from '../model/role-permissions';

const actionBase =
  'inline-flex min-h-11 items-center justify-center gap-1.5 rounded-lg px-3 text-sm font-medium transition-colors disabled:cursor-not-allowed disabled:opacity-60';
const action = cn(actionBase, 'text-ink hover:bg-slate-100 active:bg-slate-200');
const dangerAction = cn(
  actionBase,
  'text-red-700 hover:bg-red-50 active:bg-red-100 disabled:hover:bg-transparent',
);

/** One role: its name, who holds it, what it covers; edit, and delete when nobody holds it. */
export const RoleCard = memo(function RoleCard({
  role,
  onEdit,
  onDelete,
}: {
  role: TRole;
  onEdit: (role: TRole) => void;
  onDelete: (role: TRole) => void;
}) {
  const blocked = explainRoleDeletionBlock(role);
  const blockedId = `role-${role.id}-blocked`;
  return (
    <li
      className="flex flex-col gap-3 rounded-xl border border-line bg-panel p-4 shadow-sm"
      data-testid="role-card"
    >
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="text-lg font-semibold text-ink">{role.name}</h3>
        <Badge tone={role.staffCount > 0 ? 'accent' : 'neutral'}>
          {t('staff.role.staffCount', { count: role.staffCount })}
        </Badge>
      </div>
      <p className="text-sm text-ink-muted">
        <span className="font-medium text-ink">
          {t('staff.role.permissionCount', { count: role.permissions.length })}
        </span>
        {role.permissions.length > 0 ? ` · ${summarizePermissions(role.permissions)}` : null}
      </p>
      {blocked ? (
        <p id={blockedId} className="text-sm text-ink-muted">
          {blocked}
        </p>
      ) : null}
      <div className="-mx-3 mt-auto flex flex-wrap items-center gap-1">
        <button type="button" className={action} onClick={() => onEdit(role)}>
          <PencilIcon className="size-4" />
          <span aria-hidden="true">{t('staff.action.edit')}</span>
          <span className="sr-only">{t('staff.action.editNamed', { name: role.name })}</span>
        </button>
        <button
          type="button"
          className={cn(dangerAction, 'ml-auto')}
          disabled={blocked !== null}
          aria-describedby={blocked ? blockedId : undefined}
          onClick={() => onDelete(role)}
        >
          <TrashIcon className="size-4" />
          <span aria-hidden="true">{t('staff.action.delete')}</span>
          <span className="sr-only">{t('staff.action.deleteNamed', { name: role.name })}</span>
        </button>
      </div>
    </li>
  );
});
