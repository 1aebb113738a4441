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
import { t } from '../../../lib/i18n/i18n';
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
            ? t('staff.form.savedWithPassword', { name: saved.name })
            : t('staff.form.saved', { name: saved.name }),
        );
      } else {
        const created = await creation.mutateAsync(toCreateStaffRequest(values));
        toast.success(t('staff.form.added', { name: created.name }));
      }
      await navigate('/dashboard/staff');
    } catch (error) {
      if (isHttpError(error, 409) && error.code === 'DUPLICATE') {
        setError('email', { type: 'server', message: t('staff.field.emailTaken') }, { shouldFocus: true });
      } else {
        setFormError(applyServerErrors(error, setError, STAFF_FORM_FIELDS));
      }
    }
  });

  const roleOptions = [
    ...(member ? [] : [{ value: '', label: t('staff.form.pickRole') }]),
    ...roles.map((role) => ({ value: role.id, label: role.name })),
  ];

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={member ? t('staff.form.editLabel', { name: member.name }) : t('staff.form.newLabel')}
      className="flex max-w-2xl flex-col gap-6"
    >
      <Card className="flex flex-col gap-4">
        <h2 className="text-base font-semibold text-ink">{t('staff.form.whoHeading')}</h2>
        <TextField
          label={t('staff.form.name')}
          autoComplete="off"
          error={errors.name?.message}
          {...register('name')}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t('staff.form.email')}
            type="email"
            inputMode="email"
            autoComplete="off"
            hint={t('staff.form.emailHint')}
            error={errors.email?.message}
            {...register('email')}
          />
          <TextField
            label={t('staff.form.phone')}
            type="tel"
            autoComplete="off"
            error={errors.phone?.message}
            {...register('phone')}
          />
        </div>
      </Card>
      <Card className="flex flex-col gap-4">
        <h2 className="text-base font-semibold text-ink">{t('staff.form.accessHeading')}</h2>
        <SelectField
          label={t('staff.form.role')}
          options={roleOptions}
          hint={t('staff.form.roleHint')}
          error={errors.roleId?.message}
          {...register('roleId')}
        />
        <CheckboxField
          label={t('staff.form.active')}
          hint={t('staff.form.activeHint')}
          {...register('active')}
        />
      </Card>
      <Card className="flex flex-col gap-4">
        <h2 className="text-base font-semibold text-ink">
          {editing ? t('staff.form.newPasswordHeading') : t('staff.form.signInHeading')}
        </h2>
        <TextField
          label={editing ? t('staff.form.newPassword') : t('staff.form.password')}
          type="password"
          autoComplete="new-password"
          hint={editing ? t('staff.form.newPasswordHint') : t('staff.form.passwordHint')}
          error={errors.password?.message}
          {...register('password')}
        />
      </Card>
      {formError ? <Alert>{formError}</Alert> : null}
      <div className="flex flex-wrap items-center gap-2">
        <Button type="submit" pending={isSubmitting} pendingLabel={t('staff.action.saving')}>
          {editing ? t('staff.form.saveChanges') : t('staff.form.add')}
        </Button>
        <Link to="/dashboard/staff" className={buttonClassName('secondary')}>
          {t('staff.action.cancel')}
        </Link>
      </div>
    </form>
  );
}
