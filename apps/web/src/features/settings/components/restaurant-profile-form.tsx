import { zodResolver } from '@hookform/resolvers/zod';
import type { TRestaurant } from '@tavolo/contract/restaurants';
import { useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ImageUploadField } from '../../../components/ui/image-upload-field';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { useToast } from '../../../components/ui/toast';
import { applyServerErrors } from '../../../lib/form-errors';
import { t } from '../../../lib/i18n/i18n';
import { currencyOptions, timeZoneOptions } from '../../../lib/locale-options';
import { useUpdateRestaurant } from '../api/update-restaurant';
import {
  PROFILE_FIELDS,
  type RestaurantProfileForm as ProfileValues,
  toRestaurantProfileForm,
  toUpdateRestaurantRequest,
  ZRestaurantProfileForm,
} from '../model/restaurant-profile-form';

/** The restaurant's profile: what guests and the dashboard show, and how money and time read. */
export function RestaurantProfileForm({ restaurant }: { restaurant: TRestaurant }) {
  const toast = useToast();
  const update = useUpdateRestaurant();
  const [uploading, setUploading] = useState(0);
  const [formError, setFormError] = useState<string | null>(null);
  const currencies = useMemo(() => currencyOptions(restaurant.currency), [restaurant.currency]);
  const zones = useMemo(() => timeZoneOptions(restaurant.timezone), [restaurant.timezone]);

  const {
    control,
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<ProfileValues>({
    resolver: zodResolver(ZRestaurantProfileForm),
    defaultValues: toRestaurantProfileForm(restaurant),
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    if (uploading > 0) {
      setFormError(t('settings.profile.waitForUpload'));
      return;
    }
    try {
      const saved = await update.mutateAsync({ id: restaurant.id, body: toUpdateRestaurantRequest(values) });
      reset(toRestaurantProfileForm(saved));
      toast.success(t('settings.profile.saved'));
    } catch (error) {
      setFormError(applyServerErrors(error, setError, PROFILE_FIELDS));
    }
  });

  const onUploadingChange = (busy: boolean) => setUploading((count) => Math.max(0, count + (busy ? 1 : -1)));

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={t('settings.profile.title')}
      className="flex flex-col gap-5"
    >
      <TextField
        label={t('settings.profile.name')}
        autoComplete="organization"
        error={errors.name?.message}
        {...register('name')}
      />
      <TextField
        label={t('settings.profile.address')}
        autoComplete="street-address"
        error={errors.address?.message}
        {...register('address')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('settings.profile.phone')}
          type="tel"
          autoComplete="tel"
          error={errors.phone?.message}
          {...register('phone')}
        />
        <TextField
          label={t('settings.profile.email')}
          type="email"
          inputMode="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register('email')}
        />
      </div>
      <div className="grid gap-6 md:grid-cols-2">
        <Controller
          control={control}
          name="logoUrl"
          render={({ field, fieldState }) => (
            <ImageUploadField
              label={t('settings.profile.logo')}
              value={field.value}
              onChange={field.onChange}
              onUploadingChange={onUploadingChange}
              error={fieldState.error?.message}
              previewClassName="aspect-square w-28"
            />
          )}
        />
        <Controller
          control={control}
          name="bannerUrl"
          render={({ field, fieldState }) => (
            <ImageUploadField
              label={t('settings.profile.banner')}
              value={field.value}
              onChange={field.onChange}
              onUploadingChange={onUploadingChange}
              error={fieldState.error?.message}
              hint={t('settings.profile.bannerHint')}
              previewClassName="aspect-[3/1] w-full @md:w-48"
            />
          )}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label={t('settings.profile.currency')}
          options={currencies}
          hint={t('settings.profile.currencyHint')}
          error={errors.currency?.message}
          {...register('currency')}
        />
        <SelectField
          label={t('settings.profile.timezone')}
          options={zones}
          hint={t('settings.profile.timezoneHint')}
          error={errors.timezone?.message}
          {...register('timezone')}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('settings.profile.serviceCharge')}
          inputMode="decimal"
          autoComplete="off"
          hint={t('settings.profile.serviceChargeHint')}
          error={errors.serviceChargePercent?.message}
          {...register('serviceChargePercent')}
        />
      </div>
      {formError ? <Alert>{formError}</Alert> : null}
      <div className="flex flex-wrap items-center gap-3">
        <Button
          type="submit"
          pending={isSubmitting}
          pendingLabel={t('settings.profile.saving')}
          disabled={uploading > 0}
        >
          {t('settings.profile.save')}
        </Button>
        {uploading > 0 ? (
          <span className="text-sm text-ink-muted">{t('settings.profile.savingWaits')}</span>
        ) : isDirty ? (
          <span className="text-sm text-ink-muted">{t('settings.profile.unsaved')}</span>
        ) : null}
      </div>
    </form>
  );
}
