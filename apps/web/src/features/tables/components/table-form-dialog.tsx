import { zodResolver } from '@hookform/resolvers/zod';
import type { TTable } from '@tavolo/contract/tables';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import { TextField } from '../../../components/ui/text-field';
import { useToast } from '../../../components/ui/toast';
import { isHttpError } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/form-errors';
import { t } from '../../../lib/i18n/i18n';
import { useCreateTable } from '../api/create-table';
import { useUpdateTable } from '../api/update-table';
import {
  newTableFormValues,
  type TableFormValues,
  toCreateTableRequest,
  toTableFormValues,
  toUpdateTableRequest,
  ZTableFormValues,
} from '../model/table-form-schema';

const FIELDS = ['number', 'label', 'area', 'seats', 'active'] as const;

/** What the dialog is doing: adding a table, or editing one. */
export type TableFormTarget = { mode: 'add' } | { mode: 'edit'; table: TTable };

/** Adds or edits a table in a dialog; the number starts as the next free one. */
export function TableFormDialog({
  target,
  tables,
  onClose,
}: {
  target: TableFormTarget | null;
  tables: readonly TTable[];
  onClose: () => void;
}) {
  const formId = useId();
  const toast = useToast();
  const creation = useCreateTable();
  const update = useUpdateTable();
  const [formError, setFormError] = useState<string | null>(null);
  const numberInput = useRef<HTMLInputElement | null>(null);
  const editing = target?.mode === 'edit' ? target.table : null;

  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<TableFormValues>({
    resolver: zodResolver(ZTableFormValues),
    defaultValues: newTableFormValues(tables),
  });

  // A fresh form each time the dialog opens, for whichever table it is about.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the tables list only matters on opening.
  useEffect(() => {
    if (!target) return;
    setFormError(null);
    reset(target.mode === 'edit' ? toTableFormValues(target.table) : newTableFormValues(tables));
  }, [target, reset]);

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      if (editing) {
        const saved = await update.mutateAsync({ id: editing.id, body: toUpdateTableRequest(values) });
        toast.success(t('tables.form.saved', { number: saved.number }));
      } else {
        const created = await creation.mutateAsync(toCreateTableRequest(values));
        toast.success(t('tables.form.added', { number: created.number }));
      }
      onClose();
    } catch (error) {
      if (isHttpError(error, 409) && error.code === 'DUPLICATE') {
        setError('number', { type: 'server', message: t('tables.form.numberTaken') }, { shouldFocus: true });
      } else {
        setFormError(applyServerErrors(error, setError, FIELDS));
      }
    }
  });

  const { ref: numberRef, ...numberField } = register('number');
  return (
    <ModalDialog
      open={target !== null}
      onClose={() => {
        if (!isSubmitting) onClose();
      }}
      title={editing ? t('tables.form.editTitle', { number: editing.number }) : t('tables.form.addTitle')}
      initialFocus={numberInput}
      testId="table-form-dialog"
      footer={
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={isSubmitting}>
            {t('tables.form.cancel')}
          </Button>
          <Button
            type="submit"
            form={formId}
            pending={isSubmitting}
            pendingLabel={editing ? t('tables.form.saving') : t('tables.form.adding')}
          >
            {editing ? t('tables.form.save') : t('tables.form.add')}
          </Button>
        </div>
      }
    >
      <form
        id={formId}
        onSubmit={onSubmit}
        noValidate
        aria-label={
          editing ? t('tables.form.editTitle', { number: editing.number }) : t('tables.form.newTable')
        }
        className="flex flex-col gap-4"
      >
        {formError ? <Alert>{formError}</Alert> : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t('tables.form.number')}
            inputMode="numeric"
            autoComplete="off"
            error={errors.number?.message}
            ref={(element) => {
              numberRef(element);
              numberInput.current = element;
            }}
            {...numberField}
          />
          <TextField
            label={t('tables.form.seats')}
            inputMode="numeric"
            autoComplete="off"
            error={errors.seats?.message}
            {...register('seats')}
          />
        </div>
        <TextField
          label={t('tables.form.label')}
          placeholder={t('tables.form.labelPlaceholder')}
          hint={t('tables.form.labelHint')}
          autoComplete="off"
          error={errors.label?.message}
          {...register('label')}
        />
        <TextField
          label={t('tables.form.area')}
          placeholder={t('tables.form.areaPlaceholder')}
          hint={t('tables.form.areaHint')}
          autoComplete="off"
          error={errors.area?.message}
          {...register('area')}
        />
        <CheckboxField
          label={t('tables.form.active')}
          hint={t('tables.form.activeHint')}
          {...register('active')}
        />
      </form>
    </ModalDialog>
  );
}
