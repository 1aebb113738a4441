import { SUGGESTED_ALLERGENS, SUGGESTED_TAGS } from '@tavolo/contract/values/menu';
import { type Control, Controller } from 'react-hook-form';
import { t } from '../../../lib/i18n/i18n';
import type { MenuItemFormValues } from '../model/menu-item-form-schema';
import { FormSection } from './form-section';
import { LabelPicker } from './label-picker';

/** A dish's tags and allergens, picked from suggestions or typed in. */
export function MenuItemLabelsSection({ control }: { control: Control<MenuItemFormValues> }) {
  return (
    <FormSection title={t('menu.editor.labels.title')} description={t('menu.editor.labels.description')}>
      <Controller
        control={control}
        name="tags"
        render={({ field, fieldState }) => (
          <LabelPicker
            legend={t('menu.editor.labels.tags')}
            kind="tag"
            suggestions={SUGGESTED_TAGS}
            value={field.value}
            onChange={field.onChange}
            error={fieldState.error?.message}
          />
        )}
      />
      <Controller
        control={control}
        name="allergens"
        render={({ field, fieldState }) => (
          <LabelPicker
            legend={t('menu.editor.labels.allergens')}
            kind="allergen"
            suggestions={SUGGESTED_ALLERGENS}
            value={field.value}
            onChange={field.onChange}
            error={fieldState.error?.message}
          />
        )}
      />
    </FormSection>
  );
}
