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
      setFormError('Wait for the image to finish uploading, then save again.');
      return;
    }
    try {
      const saved = await update.mutateAsync({ id: restaurant.id, body: toUpdateRestaurantRequest(values) });
      reset(toRestaurantProfileForm(saved));
      toast.success('The restaurant profile was saved.');
    } catch (error) {
      setFormError(applyServerErrors(error, setError, PROFILE_FIELDS));
    }
  });

  const onUploadingChange = (busy: boolean) => setUploading((count) => Math.max(0, count + (busy ? 1 : -1)));

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Restaurant profile" className="flex flex-col gap-5">
      <TextField
        label="Restaurant name"
        autoComplete="organization"
        error={errors.name?.message}
        {...register('name')}
      />
      <TextField
        label="Address (optional)"
        autoComplete="street-address"
        error={errors.address?.message}
        {...register('address')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Phone (optional)"
          type="tel"
          autoComplete="tel"
          error={errors.phone?.message}
          {...register('phone')}
        />
        <TextField
          label="E-mail (optional)"
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
              label="Logo"
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
              label="Banner"
              value={field.value}
              onChange={field.onChange}
              onUploadingChange={onUploadingChange}
              error={fieldState.error?.message}
              hint="Shown at the top of your guest menu. A wide photo works best."
              previewClassName="aspect-[3/1] w-full @md:w-48"
            />
          )}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label="Currency"
          options={currencies}
          hint="Prices are kept as they are: change it only if your prices are in this currency."
          error={errors.currency?.message}
          {...register('currency')}
        />
        <SelectField
          label="Time zone"
          options={zones}
          hint="Today's menu, sold-out until midnight and every date follow it."
          error={errors.timezone?.message}
          {...register('timezone')}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Service charge (%)"
          inputMode="decimal"
          autoComplete="off"
          hint="Added to each bill. Applies to new orders; orders already placed keep theirs."
          error={errors.serviceChargePercent?.message}
          {...register('serviceChargePercent')}
        />
      </div>
      {formError ? <Alert>{formError}</Alert> : null}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" pending={isSubmitting} pendingLabel="Saving…" disabled={uploading > 0}>
          Save profile
        </Button>
        {uploading > 0 ? (
          <span className="text-sm text-ink-muted">Saving waits for the upload.</span>
        ) : isDirty ? (
          <span className="text-sm text-ink-muted">You have unsaved changes.</span>
        ) : null}
      </div>
    </form>
  );
}
