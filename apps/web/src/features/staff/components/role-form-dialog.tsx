import { zodResolver } from '@hookform/resolvers/zod';
import { type TPermission, ZPermission } from '@tavolo/contract/permissions';
import type { TRole } from '@tavolo/contract/staff';
import { PERMISSION_GROUPS } from '@tavolo/contract/values/permissions';
import { useEffect, useId, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { FieldGroup } from '../../../components/ui/field';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import { TextField } from '../../../components/ui/text-field';
import { useToast } from '../../../components/ui/toast';
import { isHttpError } from '../../../lib/api-client';
import { useCurrentSession } from '../../../lib/current-session';
import { applyServerErrors } from '../../../lib/form-errors';
import { t } from '../../../lib/i18n/i18n';
import { useCreateRole } from '../api/create-role';
import { useUpdateRole } from '../api/update-role';
import { permissionAreaLabel, permissionLabel } from '../model/permission-labels';
import { grantablePermissions, samePermissions, togglePermission } from '../model/role-permissions';

const ZRoleFormValues = z.object({
  name: z
    .string()
    .trim()
    .min(1, { error: () => t('staff.field.required') })
    .max(60, { error: () => t('staff.field.maxLength', { count: 60 }) }),
  permissions: z.array(ZPermission),
});
type RoleFormValues = z.infer<typeof ZRoleFormValues>;

/** What the dialog is doing: adding a role, or editing one. */
export type RoleFormTarget = { mode: 'add' } | { mode: 'edit'; role: TRole };

/**
 * Names a role and ticks what it may do, by area, in plain words. A permission the user does not
 * hold is shown but locked: the server refuses to grant it (403).
 */
export function RoleFormDialog({ target, onClose }: { target: RoleFormTarget | null; onClose: () => void }) {
  const formId = useId();
  const toast = useToast();
  const session = useCurrentSession();
  const creation = useCreateRole();
  const update = useUpdateRole();
  const [formError, setFormError] = useState<string | null>(null);
  const nameInput = useRef<HTMLInputElement | null>(null);
  const editing = target?.mode === 'edit' ? target.role : null;
  const grantable = grantablePermissions(session.userType, session.permissions);

  const {
    control,
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<RoleFormValues>({
    resolver: zodResolver(ZRoleFormValues),
    defaultValues: { name: '', permissions: [] },
  });

  // A fresh form each time the dialog opens, for whichever role it is about.
  useEffect(() => {
    if (!target) return;
    setFormError(null);
    reset(
      target.mode === 'edit'
        ? { name: target.role.name, permissions: target.role.permissions }
        : { name: '', permissions: [] },
    );
  }, [target, reset]);

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    const name = values.name.trim();
    try {
      if (editing) {
        // Only what changed: a role may hold permissions this user cannot grant, and sending them
        // back unchanged must not be read as granting them.
        const body = {
          ...(name !== editing.name ? { name } : {}),
          ...(samePermissions(values.permissions, editing.permissions)
            ? {}
            : { permissions: values.permissions }),
        };
        if (Object.keys(body).length > 0) await update.mutateAsync({ id: editing.id, body });
        toast.success(t('staff.roleForm.saved', { name }));
      } else {
        await creation.mutateAsync({ name, permissions: values.permissions });
        toast.success(t('staff.roleForm.added', { name }));
      }
      onClose();
    } catch (error) {
      if (isHttpError(error, 409)) {
        setError('name', { type: 'server', message: t('staff.field.roleNameTaken') }, { shouldFocus: true });
      } else if (isHttpError(error, 403)) {
        setFormError(t('staff.roleForm.notHeldRefused'));
      } else {
        setFormError(applyServerErrors(error, setError, ['name', 'permissions']));
      }
    }
  });

  const { ref: nameRef, ...nameField } = register('name');
  return (
    <ModalDialog
      open={target !== null}
      onClose={() => {
        if (!isSubmitting) onClose();
      }}
      title={editing ? t('staff.roleForm.editTitle', { name: editing.name }) : t('staff.roleForm.newTitle')}
      description={t('staff.roleForm.description')}
      size="wide"
      initialFocus={nameInput}
      testId="role-form-dialog"
      footer={
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={isSubmitting}>
            {t('staff.action.cancel')}
          </Button>
          <Button type="submit" form={formId} pending={isSubmitting} pendingLabel={t('staff.action.saving')}>
            {editing ? t('staff.roleForm.save') : t('staff.roleForm.add')}
          </Button>
        </div>
      }
    >
      <form
        id={formId}
        onSubmit={onSubmit}
        noValidate
        aria-label={
          editing ? t('staff.roleForm.editTitle', { name: editing.name }) : t('staff.roleForm.newTitle')
        }
        className="flex flex-col gap-5"
      >
        {formError ? <Alert>{formError}</Alert> : null}
        <TextField
          label={t('staff.roleForm.name')}
          autoComplete="off"
          placeholder={t('staff.roleForm.namePlaceholder')}
          error={errors.name?.message}
          ref={(element) => {
            nameRef(element);
            nameInput.current = element;
          }}
          {...nameField}
        />
        <Controller
          control={control}
          name="permissions"
          render={({ field }) => (
            <div className="grid gap-x-6 gap-y-4 sm:grid-cols-2">
              {PERMISSION_GROUPS.map((group) => (
                <FieldGroup key={group.area} label={permissionAreaLabel(group.area)} className="gap-0">
                  {group.permissions.map(({ permission }) => {
                    const locked = !grantable.has(permission);
                    return (
                      <CheckboxField
                        key={permission}
                        label={permissionLabel(permission)}
                        hint={locked ? t('staff.roleForm.notHeldHint') : undefined}
                        checked={field.value.includes(permission)}
                        disabled={locked}
                        data-permission={permission}
                        onChange={(event) =>
                          field.onChange(
                            togglePermission(field.value as TPermission[], permission, event.target.checked),
                          )
                        }
                      />
                    );
                  })}
                </FieldGroup>
              ))}
            </div>
          )}
        />
      </form>
    </ModalDialog>
  );
}
