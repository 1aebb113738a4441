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

const FIELDS = ['number', 'label', 'seats', 'active'] as const;

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
        toast.success(`Table ${saved.number} was saved.`);
      } else {
        const created = await creation.mutateAsync(toCreateTableRequest(values));
        toast.success(`Table ${created.number} was added.`);
      }
      onClose();
    } catch (error) {
      if (isHttpError(error, 409) && error.code === 'DUPLICATE') {
        setError(
          'number',
          { type: 'server', message: 'is already used by another table' },
          { shouldFocus: true },
        );
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
      title={editing ? `Edit table ${editing.number}` : 'Add a table'}
      initialFocus={numberInput}
      testId="table-form-dialog"
      footer={
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button
            type="submit"
            form={formId}
            pending={isSubmitting}
            pendingLabel={editing ? 'Saving…' : 'Adding…'}
          >
            {editing ? 'Save changes' : 'Add table'}
          </Button>
        </div>
      }
    >
      <form
        id={formId}
        onSubmit={onSubmit}
        noValidate
        aria-label={editing ? `Edit table ${editing.number}` : 'New table'}
        className="flex flex-col gap-4"
      >
        {formError ? <Alert>{formError}</Alert> : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Table number"
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
            label="Seats (optional)"
            inputMode="numeric"
            autoComplete="off"
            error={errors.seats?.message}
            {...register('seats')}
          />
        </div>
        <TextField
          label="Label (optional)"
          placeholder="Terrace, Window, Bar…"
          hint="Shown to guests next to the table number."
          autoComplete="off"
          error={errors.label?.message}
          {...register('label')}
        />
        <CheckboxField
          label="Active"
          hint="Guests can order from an active table's code. An inactive table's code shows a friendly notice instead."
          {...register('active')}
        />
      </form>
    </ModalDialog>
  );
}
