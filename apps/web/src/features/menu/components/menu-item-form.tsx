import { zodResolver } from '@hookform/resolvers/zod';
import type { TCategory, TStaffMenuItem } from '@tavolo/contract/menu';
import { useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClassName } from '../../../components/ui/button';
import { ImageUploadField } from '../../../components/ui/image-upload-field';
import { useToast } from '../../../components/ui/toast';
import { applyServerErrors } from '../../../lib/form-errors';
import { t } from '../../../lib/i18n/i18n';
import type { Language } from '../../../lib/i18n/languages';
import { useCreateMenuItem } from '../api/create-menu-item';
import { useUpdateMenuItem } from '../api/update-menu-item';
import {
  findFormField,
  type MenuItemFormValues,
  menuItemFormSchema,
  toCreateMenuItemRequest,
  toMenuItemFormValues,
  toUpdateMenuItemRequest,
} from '../model/menu-item-form-schema';
import { FormSection } from './form-section';
import { MenuItemAvailabilitySection } from './menu-item-availability-section';
import { MenuItemDetailsSection } from './menu-item-details-section';
import { MenuItemLabelsSection } from './menu-item-labels-section';
import { MenuItemTranslationsSection, OneLanguageNote } from './menu-item-translations-section';
import { OptionsEditor } from './options-editor';

/** Adds a dish (no `item`) or changes one. Saving returns to the menu list. */
export function MenuItemForm({
  item,
  categories,
  currency,
  languages,
  initialCategoryId = '',
}: {
  item?: TStaffMenuItem;
  categories: readonly TCategory[];
  currency: string;
  /** The restaurant's languages, the working language first. */
  languages: readonly Language[];
  initialCategoryId?: string;
}) {
  const navigate = useNavigate();
  const toast = useToast();
  const creation = useCreateMenuItem();
  const update = useUpdateMenuItem();
  const [uploading, setUploading] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const schema = useMemo(() => menuItemFormSchema(currency), [currency]);
  const defaultCategory =
    initialCategoryId && categories.some((category) => category.id === initialCategoryId)
      ? initialCategoryId
      : categories.length === 1
        ? (categories[0]?.id ?? '')
        : '';

  const form = useForm<MenuItemFormValues>({
    resolver: zodResolver(schema),
    defaultValues: toMenuItemFormValues(item, currency, defaultCategory),
  });
  const {
    control,
    handleSubmit,
    setError,
    getValues,
    formState: { isSubmitting },
  } = form;

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    if (uploading) {
      setFormError(t('menu.editor.waitForUpload'));
      return;
    }
    const name = values.name.trim();
    try {
      if (item) {
        await update.mutateAsync({
          id: item.id,
          body: toUpdateMenuItemRequest(values, currency, item.translations),
        });
        toast.success(t('menu.editor.saved', { name }));
      } else {
        await creation.mutateAsync(toCreateMenuItemRequest(values, currency));
        toast.success(t('menu.editor.added', { name }));
      }
      await navigate('/dashboard/menu');
    } catch (error) {
      setFormError(applyServerErrors(error, setError, (field) => findFormField(field, getValues())));
    }
  });

  const hasCategories = categories.length > 0;

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-6">
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="flex min-w-0 flex-col gap-6">
          <MenuItemDetailsSection form={form} categories={categories} currency={currency} />
          <FormSection
            title={t('menu.editor.options.title')}
            description={t('menu.editor.options.description')}
          >
            <OptionsEditor form={form} currency={currency} />
          </FormSection>
          {languages.length > 1 ? (
            <MenuItemTranslationsSection form={form} languages={languages} />
          ) : (
            <OneLanguageNote language={languages[0] ?? 'en'} />
          )}
        </div>

        <div className="flex min-w-0 flex-col gap-6">
          <FormSection title={t('menu.editor.photo.title')}>
            <Controller
              control={control}
              name="imageUrl"
              render={({ field, fieldState }) => (
                <ImageUploadField
                  label={t('menu.editor.photo.label')}
                  value={field.value}
                  onChange={field.onChange}
                  onUploadingChange={setUploading}
                  error={fieldState.error?.message}
                />
              )}
            />
          </FormSection>
          <MenuItemAvailabilitySection form={form} />
          <MenuItemLabelsSection control={control} />
        </div>
      </div>

      <div className="sticky bottom-0 z-10 -mx-4 flex flex-col gap-3 border-t border-line bg-panel/95 px-4 py-3 backdrop-blur sm:-mx-6 sm:px-6 lg:-mx-8 lg:px-8">
        {formError ? <Alert>{formError}</Alert> : null}
        <div className="flex flex-wrap items-center gap-2">
          <Button
            type="submit"
            pending={isSubmitting}
            pendingLabel={t('menu.editor.saving')}
            disabled={!hasCategories || uploading}
          >
            {item ? t('menu.editor.saveChanges') : t('menu.editor.addDish')}
          </Button>
          <Link to="/dashboard/menu" className={buttonClassName('secondary')}>
            {t('menu.editor.cancel')}
          </Link>
          {uploading ? (
            <span className="text-sm text-ink-muted">{t('menu.editor.uploadPending')}</span>
          ) : null}
        </div>
      </div>
    </form>
  );
}
