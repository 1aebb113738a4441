import { Controller, type UseFormReturn } from 'react-hook-form';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { TextField } from '../../../components/ui/text-field';
import { t } from '../../../lib/i18n/i18n';
import type { MenuItemFormValues } from '../model/menu-item-form-schema';
import { DaysField } from './days-field';
import { FormSection } from './form-section';

/** Whether, on which days and how fast a dish is served. */
export function MenuItemAvailabilitySection({ form }: { form: UseFormReturn<MenuItemFormValues> }) {
  const {
    register,
    control,
    formState: { errors },
  } = form;
  return (
    <FormSection title={t('menu.editor.availability.title')}>
      <CheckboxField
        label={t('menu.editor.availability.listed')}
        hint={t('menu.editor.availability.listedHint')}
        {...register('active')}
      />
      <Controller
        control={control}
        name="availableDays"
        render={({ field }) => <DaysField value={field.value} onChange={field.onChange} />}
      />
      <TextField
        label={t('menu.editor.availability.prepMinutes')}
        inputMode="numeric"
        autoComplete="off"
        placeholder="15"
        error={errors.prepMinutes?.message}
        {...register('prepMinutes')}
      />
    </FormSection>
  );
}
