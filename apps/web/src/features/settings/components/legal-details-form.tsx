import { zodResolver } from '@hookform/resolvers/zod';
import type { TRestaurant } from '@tavolo/contract/restaurants';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Switch } from '../../../components/ui/switch';
import { TextField } from '../../../components/ui/text-field';
import { useToast } from '../../../components/ui/toast';
import { applyServerErrors } from '../../../lib/form-errors';
import { t } from '../../../lib/i18n/i18n';
import { useUpdateRestaurant } from '../api/update-restaurant';
import {
  findLegalDetailsField,
  type LegalDetailsForm as LegalDetailsValues,
  toLegalDetailsForm,
  toLegalDetailsRequest,
  ZLegalDetailsForm,
} from '../model/legal-details-form';

/**
 * What receipts say of the business (its legal name and VAT number), whether menu prices include
 * tax, and when the business day ends. Saved on its own: the profile's fields are left as they are.
 */
export function LegalDetailsForm({ restaurant }: { restaurant: TRestaurant }) {
  const toast = useToast();
  const update = useUpdateRestaurant();
  const [formError, setFormError] = useState<string | null>(null);
  const switchLabelId = useId();
  const switchHintId = useId();
  const {
    control,
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<LegalDetailsValues>({
    resolver: zodResolver(ZLegalDetailsForm),
    defaultValues: toLegalDetailsForm(restaurant),
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const saved = await update.mutateAsync({ id: restaurant.id, body: toLegalDetailsRequest(values) });
      reset(toLegalDetailsForm(saved));
      toast.success(t('settings.taxes.detailsSaved'));
    } catch (error) {
      setFormError(applyServerErrors(error, setError, findLegalDetailsField));
    }
  });

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={t('settings.taxes.detailsLabel')}
      className="flex flex-col gap-5"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('settings.taxes.legalName')}
          hint={t('settings.taxes.legalNameHint')}
          autoComplete="organization"
          error={errors.legalName?.message}
          {...register('legalName')}
        />
        <TextField
          label={t('settings.taxes.taxId')}
          hint={t('settings.taxes.taxIdHint')}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          error={errors.taxId?.message}
          {...register('taxId')}
        />
      </div>
      <Controller
        control={control}
        name="pricesIncludeTax"
        render={({ field }) => (
          <div className="flex items-center justify-between gap-4 rounded-lg border border-line px-4 py-2">
            <div className="flex min-w-0 flex-col gap-0.5">
              <span id={switchLabelId} className="text-sm font-medium text-ink">
                {t('settings.taxes.pricesIncludeTax')}
              </span>
              <span id={switchHintId} className="text-sm text-ink-muted">
                {field.value
                  ? t('settings.taxes.pricesIncludeTaxOn')
                  : t('settings.taxes.pricesIncludeTaxOff')}
              </span>
            </div>
            <Switch
              checked={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              aria-labelledby={switchLabelId}
              aria-describedby={switchHintId}
            />
          </div>
        )}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('settings.taxes.dayEnds')}
          hint={t('settings.taxes.dayEndsHint')}
          type="time"
          step={60}
          error={errors.businessDayEndsAt?.message}
          {...register('businessDayEndsAt')}
        />
      </div>
      {formError ? <Alert>{formError}</Alert> : null}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" pending={isSubmitting} pendingLabel={t('settings.taxes.detailsSaving')}>
          {t('settings.taxes.detailsSave')}
        </Button>
        {isDirty ? <span className="text-sm text-ink-muted">{t('settings.profile.unsaved')}</span> : null}
      </div>
    </form>
  );
}
