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
import { useCreateRole } from '../api/create-role';
import { useUpdateRole } from '../api/update-role';
import { grantablePermissions, samePermissions, togglePermission } from '../model/role-permissions';

const ZRoleFormValues = z.object({
  name: z
    .string()
    .trim()
    .min(1, { message: 'is required' })
    .max(60, { message: 'must be at most 60 characters' }),
  permissions: z.array(ZPermission),
});
type RoleFormValues = z.infer<typeof ZRoleFormValues>;

/** What the dialog is doing: adding a role, or editing one. */
export type RoleFormTarget = { mode: 'add' } | { mode: 'edit'; role: TRole };

const NOT_HELD_HINT = "You don't hold this permission yourself, so you can't grant or remove it.";

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
        toast.success(`${name} was saved. Its staff see the change on their next step.`);
      } else {
        await creation.mutateAsync({ name, permissions: values.permissions });
        toast.success(`${name} was added.`);
      }
      onClose();
    } catch (error) {
      if (isHttpError(error, 409)) {
        setError(
          'name',
          { type: 'server', message: 'is already used by another role' },
          { shouldFocus: true },
        );
      } else if (isHttpError(error, 403)) {
        setFormError(
          "You can't grant a permission you don't hold yourself. Untick it, or ask the owner to make this change.",
        );
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
      title={editing ? `Edit ${editing.name}` : 'New role'}
      description="Tick what people with this role may do. Changes apply to them at once."
      size="wide"
      initialFocus={nameInput}
      testId="role-form-dialog"
      footer={
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" form={formId} pending={isSubmitting} pendingLabel="Saving…">
            {editing ? 'Save role' : 'Add role'}
          </Button>
        </div>
      }
    >
      <form
        id={formId}
        onSubmit={onSubmit}
        noValidate
        aria-label={editing ? `Edit ${editing.name}` : 'New role'}
        className="flex flex-col gap-5"
      >
        {formError ? <Alert>{formError}</Alert> : null}
        <TextField
          label="Role name"
          autoComplete="off"
          placeholder="Bar, Host, Night manager…"
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
                <FieldGroup key={group.area} label={group.area} className="gap-0">
                  {group.permissions.map(({ permission, label }) => {
                    const locked = !grantable.has(permission);
                    return (
                      <CheckboxField
                        key={permission}
                        label={label}
                        hint={locked ? NOT_HELD_HINT : undefined}
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
