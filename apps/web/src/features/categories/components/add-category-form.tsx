import { zodResolver } from '@hookform/resolvers/zod';
import type { TStation } from '@tavolo/contract/kitchen';
import type { TCreateCategoryRequest } from '@tavolo/contract/menu';
import type { TTaxRate } from '@tavolo/contract/taxes';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { PlusIcon } from '../../../components/ui/icons';
import { TextField } from '../../../components/ui/text-field';
import { useToast } from '../../../components/ui/toast';
import { isHttpError } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/form-errors';
import { t } from '../../../lib/i18n/i18n';
import type { Language } from '../../../lib/i18n/languages';
import { useCreateCategory } from '../api/create-category';
import {
  type CategoryFormValues,
  categoryFormSchema,
  findCategoryFormField,
  kitchenFieldsToSend,
  taxRateToSend,
  toKitchenFormValues,
  toTaxRateFormValue,
} from '../model/category-form-schema';
import { CategoryKitchenFields } from './category-kitchen-fields';
import { CategoryTaxField } from './category-tax-field';
import { CategoryTranslationFields } from './category-translation-fields';

/**
 * Adds a category, with its station, course and tax rate; where the restaurant has other languages, with its
 * name and description in them.
 */
export function AddCategoryForm({
  languages,
  stations,
  taxRates,
}: {
  languages: readonly Language[];
  stations: readonly TStation[] | undefined;
  /** The restaurant's tax rates; the select shows once there are some. */
  taxRates: readonly TTaxRate[] | undefined;
}) {
  const toast = useToast();
  const creation = useCreateCategory();
  const [formError, setFormError] = useState<string | null>(null);
  const [added, setAdded] = useState(0);
  const form = useForm<CategoryFormValues, unknown, TCreateCategoryRequest>({
    resolver: zodResolver(categoryFormSchema()),
    defaultValues: {
      name: '',
      description: '',
      translations: {},
      ...toKitchenFormValues(),
      ...toTaxRateFormValue(),
    },
  });
  const {
    register,
    handleSubmit,
    reset,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = form;

  // Ready for the next one: restaurants usually add several in a row. After the render that follows
  // reset(), which forgets the inputs until they register again.
  useEffect(() => {
    if (added > 0) setFocus('name');
  }, [added, setFocus]);

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const { stationId, course, taxRateId, ...rest } = values;
      const category = await creation.mutateAsync({
        ...rest,
        ...kitchenFieldsToSend({ stationId, course }),
        ...taxRateToSend({ taxRateId }),
      });
      toast.success(t('categories.add.done', { name: category.name }));
      reset();
      setAdded((count) => count + 1);
    } catch (error) {
      if (isHttpError(error, 409)) {
        setError(
          'name',
          { type: 'server', message: t('categories.form.errors.nameTaken') },
          { shouldFocus: true },
        );
      } else {
        setFormError(applyServerErrors(error, setError, findCategoryFormField));
      }
    }
  });

  const translated = languages.length > 1;
  return (
    <Card>
      <form
        onSubmit={onSubmit}
        noValidate
        aria-labelledby="add-category-heading"
        className="flex flex-col gap-4"
      >
        <h2 id="add-category-heading" className="text-base font-semibold text-ink">
          {t('categories.add.title')}
        </h2>
        {formError ? <Alert>{formError}</Alert> : null}
        <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_minmax(0,1.5fr)] sm:items-start">
          <TextField
            label={t('categories.form.name')}
            placeholder={t('categories.add.namePlaceholder')}
            autoComplete="off"
            error={errors.name?.message}
            {...register('name')}
          />
          <TextField
            label={t('categories.form.description')}
            placeholder={t('categories.add.descriptionPlaceholder')}
            autoComplete="off"
            error={errors.description?.message}
            {...register('description')}
          />
          <CategoryKitchenFields form={form} stations={stations} />
          <CategoryTaxField form={form} rates={taxRates} />
        </div>
        {translated ? <CategoryTranslationFields form={form} languages={languages} /> : null}
        {/* Last, after every input: Tab reaches it once the category is described. */}
        <Button
          type="submit"
          className="self-start"
          pending={isSubmitting}
          pendingLabel={t('categories.add.pending')}
        >
          <PlusIcon />
          {t('categories.add.submit')}
        </Button>
      </form>
    </Card>
  );
}
