import { zodResolver } from '@hookform/resolvers/zod';
import type { TTaxRate, TTaxRateRequest } from '@tavolo/contract/taxes';
import { useEffect, useId, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import { TextField } from '../../../components/ui/text-field';
import { useToast } from '../../../components/ui/toast';
import { isHttpError } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/form-errors';
import { formatRate } from '../../../lib/format';
import { t } from '../../../lib/i18n/i18n';
import { useCreateTaxRate } from '../api/create-tax-rate';
import { useUpdateTaxRate } from '../api/update-tax-rate';
import {
  findTaxRateFormField,
  type TaxRateFormValues,
  taxRateFormSchema,
  toTaxRateFormValues,
} from '../model/tax-rate-form';

/**
 * Adds a tax rate (`rate` null) or changes one: its name, its percent, and whether it is the
 * default. The first rate is always the default; the default stays it until another is made it.
 */
export function TaxRateDialog({
  open,
  rate,
  first,
  onClose,
}: {
  open: boolean;
  /** The rate to change; null adds one. */
  rate: TTaxRate | null;
  /** No rates yet: the one added becomes the default whatever the box says. */
  first: boolean;
  onClose: () => void;
}) {
  const formId = useId();
  const toast = useToast();
  const creation = useCreateTaxRate();
  const update = useUpdateTaxRate();
  const nameInput = useRef<HTMLInputElement | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<TaxRateFormValues, unknown, TTaxRateRequest>({
    resolver: zodResolver(taxRateFormSchema()),
    defaultValues: toTaxRateFormValues(rate),
  });

  useEffect(() => {
    if (open) reset(toTaxRateFormValues(rate));
  }, [open, rate, reset]);

  const onSubmit = handleSubmit(async (body) => {
    try {
      const saved = rate ? await update.mutateAsync({ id: rate.id, body }) : await creation.mutateAsync(body);
      const values = { name: saved.name, rate: formatRate(saved.rateBasisPoints) };
      toast.success(rate ? t('settings.taxes.saved', values) : t('settings.taxes.added', values));
      onClose();
    } catch (error) {
      const message = applyServerErrors(error, setError, findTaxRateFormField);
      const atFields =
        isHttpError(error) && Object.keys(error.apiError?.fields ?? {}).some(findTaxRateFormField);
      if (!atFields) toast.error(t('settings.taxes.saveFailed', { error: message }));
    }
  });

  const { ref: nameRef, ...nameField } = register('name');
  return (
    <ModalDialog
      open={open}
      onClose={() => {
        if (!isSubmitting) onClose();
      }}
      title={rate ? t('settings.taxes.editTitle', { name: rate.name }) : t('settings.taxes.addTitle')}
      description={t('settings.taxes.dialogDescription')}
      initialFocus={nameInput}
      testId="tax-rate-dialog"
      footer={
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={isSubmitting}>
            {t('settings.dialog.cancel')}
          </Button>
          <Button
            type="submit"
            form={formId}
            pending={isSubmitting}
            pendingLabel={t('settings.taxes.saving')}
          >
            {rate ? t('settings.taxes.save') : t('settings.taxes.add')}
          </Button>
        </div>
      }
    >
      <form
        id={formId}
        onSubmit={onSubmit}
        noValidate
        aria-label={t('settings.taxes.formLabel')}
        className="flex flex-col gap-4"
      >
        <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_9rem]">
          <TextField
            label={t('settings.taxes.name')}
            placeholder={t('settings.taxes.namePlaceholder')}
            autoComplete="off"
            maxLength={40}
            error={errors.name?.message}
            ref={(element) => {
              nameRef(element);
              nameInput.current = element;
            }}
            {...nameField}
          />
          <TextField
            label={t('settings.taxes.percent')}
            inputMode="decimal"
            autoComplete="off"
            placeholder="10"
            error={errors.percent?.message}
            {...register('percent')}
          />
        </div>
        {first ? (
          <p className="text-sm text-ink-muted">{t('settings.taxes.firstIsDefault')}</p>
        ) : rate?.isDefault ? (
          <p className="text-sm text-ink-muted">{t('settings.taxes.isDefaultNote')}</p>
        ) : (
          <CheckboxField
            label={t('settings.taxes.makeDefaultLabel')}
            hint={t('settings.taxes.makeDefaultHint')}
            {...register('isDefault')}
          />
        )}
      </form>
    </ModalDialog>
  );
}
