import { zodResolver } from '@hookform/resolvers/zod';
import type { TRole, TStaffMember } from '@tavolo/contract/staff';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClassName } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { useToast } from '../../../components/ui/toast';
import { isHttpError } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/form-errors';
import { useCreateStaffMember } from '../api/create-staff-member';
import { useUpdateStaffMember } from '../api/update-staff-member';
import {
  newStaffFormValues,
  STAFF_FORM_FIELDS,
  type StaffFormValues,
  staffFormSchema,
  toCreateStaffRequest,
  toStaffFormValues,
  toUpdateStaffRequest,
} from '../model/staff-form-schema';

/** Adds a staff member (no `member`) or changes one. Saving returns to the staff list. */
export function StaffForm({ member, roles }: { member?: TStaffMember; roles: readonly TRole[] }) {
  const navigate = useNavigate();
  const toast = useToast();
  const creation = useCreateStaffMember();
  const update = useUpdateStaffMember();
  const [formError, setFormError] = useState<string | null>(null);
  const editing = member !== undefined;

  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<StaffFormValues>({
    resolver: zodResolver(staffFormSchema(editing)),
    defaultValues: member ? toStaffFormValues(member) : newStaffFormValues(roles.map((role) => role.id)),
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      if (member) {
        const saved = await update.mutateAsync({ id: member.id, body: toUpdateStaffRequest(values) });
        toast.success(
          values.password
            ? `${saved.name} was saved. Their new password works now; their other sessions were signed out.`
            : `${saved.name} was saved.`,
        );
      } else {
        const created = await creation.mutateAsync(toCreateStaffRequest(values));
        toast.success(`${created.name} was added. They sign in with "Sign in as staff" ticked.`);
      }
      await navigate('/dashboard/staff');
    } catch (error) {
      if (isHttpError(error, 409) && error.code === 'DUPLICATE') {
        setError(
          'email',
          { type: 'server', message: 'is already used by another staff member' },
          { shouldFocus: true },
        );
      } else {
        setFormError(applyServerErrors(error, setError, STAFF_FORM_FIELDS));
      }
    }
  });

  const roleOptions = [
    ...(member ? [] : [{ value: '', label: 'Pick a role…' }]),
    ...roles.map((role) => ({ value: role.id, label: role.name })),
  ];

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={member ? `Edit ${member.name}` : 'New staff member'}
      className="flex max-w-2xl flex-col gap-6"
    >
      <Card className="flex flex-col gap-4">
        <h2 className="text-base font-semibold text-ink">Who they are</h2>
        <TextField label="Name" autoComplete="off" error={errors.name?.message} {...register('name')} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="E-mail"
            type="email"
            inputMode="email"
            autoComplete="off"
            hint="They sign in with it."
            error={errors.email?.message}
            {...register('email')}
          />
          <TextField
            label="Phone (optional)"
            type="tel"
            autoComplete="off"
            error={errors.phone?.message}
            {...register('phone')}
          />
        </div>
      </Card>
      <Card className="flex flex-col gap-4">
        <h2 className="text-base font-semibold text-ink">What they may do</h2>
        <SelectField
          label="Role"
          options={roleOptions}
          hint="The role decides what they see and do. Edit roles under Staff → Roles."
          error={errors.roleId?.message}
          {...register('roleId')}
        />
        <CheckboxField
          label="Active"
          hint="Only active staff can sign in. Deactivating signs them out at once."
          {...register('active')}
        />
      </Card>
      <Card className="flex flex-col gap-4">
        <h2 className="text-base font-semibold text-ink">{editing ? 'Set a new password' : 'Sign-in'}</h2>
        <TextField
          label={editing ? 'New password (optional)' : 'Password'}
          type="password"
          autoComplete="new-password"
          hint={
            editing
              ? 'Leave empty to keep their password. A new one signs them out of every device.'
              : 'At least 8 characters. Give it to them in person; they can change it in Settings.'
          }
          error={errors.password?.message}
          {...register('password')}
        />
      </Card>
      {formError ? <Alert>{formError}</Alert> : null}
      <div className="flex flex-wrap items-center gap-2">
        <Button type="submit" pending={isSubmitting} pendingLabel="Saving…">
          {editing ? 'Save changes' : 'Add staff member'}
        </Button>
        <Link to="/dashboard/staff" className={buttonClassName('secondary')}>
          Cancel
        </Link>
      </div>
    </form>
  );
}
