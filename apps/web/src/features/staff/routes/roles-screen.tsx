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
      onSuccess: () => toast.success(`${role.name} was deleted.`),
      onError: (error) =>
        toast.error(
          isHttpError(error, 409)
            ? `${role.name} is still held by someone. Give them another role first.`
            : `${role.name} was not deleted: ${getErrorMessage(error)}`,
        ),
      onSettled: () => setToDelete(null),
    });
  };

  const items = roles.data;
  let content: ReactNode;
  if (!items) {
    content = roles.isError ? (
      <QueryError
        title="Could not load the roles"
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
        title="No roles yet"
        description="A role is a set of permissions — Kitchen, Waiter, Cashier — that you give to staff members."
        action={
          <Button onClick={() => setFormTarget({ mode: 'add' })}>
            <PlusIcon />
            Add a role
          </Button>
        }
      />
    );
  } else {
    content = (
      <ul aria-label="Roles" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {items.map((role) => (
          <RoleCard key={role.id} role={role} onEdit={onEdit} onDelete={setToDelete} />
        ))}
      </ul>
    );
  }

  return (
    <>
      <PageHeader
        title="Roles"
        description="What each role may do. Owners may do everything; staff get the permissions of their role."
        actions={
          items && items.length > 0 ? (
            <Button onClick={() => setFormTarget({ mode: 'add' })}>
              <PlusIcon />
              New role
            </Button>
          ) : null
        }
      />
      <StaffAreaTabs />
      {content}
      <RoleFormDialog target={formTarget} onClose={() => setFormTarget(null)} />
      <ConfirmDialog
        open={toDelete !== null}
        title={`Delete the role ${toDelete?.name}?`}
        description="Nobody holds it. It leaves the list of roles you can give to staff."
        confirmLabel="Delete role"
        pendingLabel="Deleting…"
        pending={deletion.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(null)}
      />
    </>
  );
}
