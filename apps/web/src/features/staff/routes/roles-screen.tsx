import type { TRole } from '@tavolo/contract/staff';
import { type ReactNode, useCallback, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { LockIcon, PlusIcon } from '../../../components/ui/icons';
import { PageHeader } from '../../../components/ui/page-header';
import { QueryError } from '../../../components/ui/query-error';
import { Loading } from '../../../components/ui/spinner';
import { useToast } from '../../../components/ui/toast';
import { getErrorMessage, isHttpError } from '../../../lib/api-client';
import { t } from '../../../lib/i18n/i18n';
import { useDeleteRole } from '../api/delete-role';
import { useRoles } from '../api/get-roles';
import { RoleCard } from '../components/role-card';
import { RoleFormDialog, type RoleFormTarget } from '../components/role-form-dialog';
import { StaffAreaTabs } from '../components/staff-area-tabs';

/** The roles of the restaurant and what each may do; inside the Staff area. */
export function RolesScreen() {
  const toast = useToast();
  const roles = useRoles();
  const deletion = useDeleteRole();
  const [formTarget, setFormTarget] = useState<RoleFormTarget | null>(null);
  const [toDelete, setToDelete] = useState<TRole | null>(null);
  const onEdit = useCallback((role: TRole) => setFormTarget({ mode: 'edit', role }), []);

  const confirmDelete = () => {
    if (!toDelete) return;
    const role = toDelete;
    deletion.mutate(role.id, {
      onSuccess: () => toast.success(t('staff.roles.deleted', { name: role.name })),
      onError: (error) =>
        toast.error(
          isHttpError(error, 409)
            ? t('staff.roles.stillHeld', { name: role.name })
            : t('staff.roles.deleteFailed', { name: role.name, error: getErrorMessage(error) }),
        ),
      onSettled: () => setToDelete(null),
    });
  };

  const items = roles.data;
  let content: ReactNode;
  if (!items) {
    content = roles.isError ? (
      <QueryError
        title={t('staff.roles.loadFailed')}
        error={roles.error}
        retrying={roles.isFetching}
        onRetry={() => void roles.refetch()}
      />
    ) : (
      <Loading />
    );
  } else if (items.length === 0) {
    content = (
      <EmptyState
        icon={<LockIcon />}
        title={t('staff.roles.emptyTitle')}
        description={t('staff.roles.emptyDescription')}
        action={
          <Button onClick={() => setFormTarget({ mode: 'add' })}>
            <PlusIcon />
            {t('staff.roles.addFirst')}
          </Button>
        }
      />
    );
  } else {
    content = (
      <ul aria-label={t('staff.roles.title')} className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {items.map((role) => (
          <RoleCard key={role.id} role={role} onEdit={onEdit} onDelete={setToDelete} />
        ))}
      </ul>
    );
  }

  return (
    <>
      <PageHeader
        title={t('staff.roles.title')}
        description={t('staff.roles.description')}
        actions={
          items && items.length > 0 ? (
            <Button onClick={() => setFormTarget({ mode: 'add' })}>
              <PlusIcon />
              {t('staff.roles.new')}
            </Button>
          ) : null
        }
      />
      <StaffAreaTabs />
      {content}
      <RoleFormDialog target={formTarget} onClose={() => setFormTarget(null)} />
      <ConfirmDialog
        open={toDelete !== null}
        title={t('staff.roles.deleteTitle', { name: toDelete?.name })}
        description={t('staff.roles.deleteDescription')}
        confirmLabel={t('staff.roles.deleteConfirm')}
        pendingLabel={t('staff.action.deleting')}
        cancelLabel={t('staff.action.cancel')}
        pending={deletion.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(null)}
      />
    </>
  );
}
