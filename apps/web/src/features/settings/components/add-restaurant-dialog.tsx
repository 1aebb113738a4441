import { zodResolver } from '@hookform/resolvers/zod';
import { type TCreateRestaurantRequest, ZRestaurantName } from '@tavolo/contract/restaurants';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { useToast } from '../../../components/ui/toast';
import { useCurrentSession } from '../../../lib/current-session';
import { applyServerErrors } from '../../../lib/form-errors';
import { t } from '../../../lib/i18n/i18n';
import { currencyOptions, timeZoneOptions } from '../../../lib/locale-options';
import { useCreateRestaurant } from '../api/create-restaurant';

const ZAddRestaurantForm = z.object({
  name: ZRestaurantName,
  currency: z.string().min(1, { error: () => t('settings.field.required') }),
  timezone: z.string().min(1, { error: () => t('settings.field.required') }),
});

/** Opens another restaurant; it starts with the current one's currency and time zone. */
export function AddRestaurantDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const formId = useId();
  const toast = useToast();
  const { restaurant } = useCurrentSession();
  const creation = useCreateRestaurant();
  const [formError, setFormError] = useState<string | null>(null);
  const nameInput = useRef<HTMLInputElement | null>(null);
  const currencies = useMemo(() => currencyOptions(restaurant.currency), [restaurant.currency]);
  const zones = useMemo(() => timeZoneOptions(restaurant.timezone), [restaurant.timezone]);
  const defaults = { name: '', currency: restaurant.currency, timezone: restaurant.timezone };

  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<TCreateRestaurantRequest>({
    resolver: zodResolver(ZAddRestaurantForm),
    defaultValues: defaults,
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: a fresh form each time it opens.
  useEffect(() => {
    if (!open) return;
    setFormError(null);
    reset(defaults);
  }, [open, reset]);

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const created = await creation.mutateAsync({ ...values, name: values.name.trim() });
      toast.success(t('settings.addRestaurant.added', { name: created.name }));
      onClose();
    } catch (error) {
      setFormError(applyServerErrors(error, setError, ['name', 'currency', 'timezone']));
    }
  });

  const { ref: nameRef, ...nameField } = register('name');
  return (
    <ModalDialog
      open={open}
      onClose={() => {
        if (!isSubmitting) onClose();
      }}
      title={t('settings.addRestaurant.title')}
      description={t('settings.addRestaurant.description')}
      initialFocus={nameInput}
      footer={
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={isSubmitting}>
            {t('settings.dialog.cancel')}
          </Button>
          <Button
            type="submit"
            form={formId}
            pending={isSubmitting}
            pendingLabel={t('settings.addRestaurant.adding')}
          >
            {t('settings.addRestaurant.submit')}
          </Button>
        </div>
      }
    >
      <form
        id={formId}
        onSubmit={onSubmit}
        noValidate
        aria-label={t('settings.addRestaurant.formLabel')}
        className="flex flex-col gap-4"
      >
        {formError ? <Alert>{formError}</Alert> : null}
        <TextField
          label={t('settings.addRestaurant.name')}
          autoComplete="off"
          error={errors.name?.message}
          ref={(element) => {
            nameRef(element);
            nameInput.current = element;
          }}
          {...nameField}
        />
        <SelectField
          label={t('settings.addRestaurant.currency')}
          options={currencies}
          error={errors.currency?.message}
          {...register('currency')}
        />
        <SelectField
          label={t('settings.addRestaurant.timezone')}
          options={zones}
          error={errors.timezone?.message}
          {...register('timezone')}
        />
      </form>
    </ModalDialog>
  );
}
