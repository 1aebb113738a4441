import { zodResolver } from '@hookform/resolvers/zod';
import type { TCreateCategoryRequest } from '@tavolo/contract/menu';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { PlusIcon } from '../../../components/ui/icons';
import { TextField } from '../../../components/ui/text-field';
import { useToast } from '../../../components/ui/toast';
import { isHttpError } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { applyServerErrors } from '../../../lib/form-errors';
import { t } from '../../../lib/i18n/i18n';
import type { Language } from '../../../lib/i18n/languages';
import { useCreateCategory } from '../api/create-category';
import {
  type CategoryFormValues,
  categoryFormSchema,
  findCategoryFormField,
} from '../model/category-form-schema';
import { CategoryTranslationFields } from './category-translation-fields';

/** Adds a category; where the restaurant has other languages, with its name and description in them. */
export function AddCategoryForm({ languages }: { languages: readonly Language[] }) {
  const toast = useToast();
  const creation = useCreateCategory();
  const [formError, setFormError] = useState<string | null>(null);
  const [added, setAdded] = useState(0);
  const form = useForm<CategoryFormValues, unknown, TCreateCategoryRequest>({
    resolver: zodResolver(categoryFormSchema()),
    defaultValues: { name: '', description: '', translations: {} },
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
      const category = await creation.mutateAsync(values);
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

  // With translations, the button follows them: Tab reaches it last.
  const translated = languages.length > 1;
  const submit = (
    <Button
      type="submit"
      className={translated ? 'self-start' : 'sm:mt-6'}
      pending={isSubmitting}
      pendingLabel={t('categories.add.pending')}
    >
      <PlusIcon />
      {t('categories.add.submit')}
    </Button>
  );

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
        <div
          className={cn(
            'grid gap-4 sm:items-start',
            translated
              ? 'sm:grid-cols-[minmax(0,1fr)_minmax(0,1.5fr)]'
              : 'sm:grid-cols-[minmax(0,1fr)_minmax(0,1.5fr)_auto]',
          )}
        >
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
          {translated ? null : submit}
        </div>
        {translated ? (
          <>
            <CategoryTranslationFields form={form} languages={languages} />
            {submit}
          </>
        ) : null}
      </form>
    </Card>
  );
}
