import { zodResolver } from '@hookform/resolvers/zod';
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
import { useCreateCategory } from '../api/create-category';
import { categoryFormSchema } from '../model/category-form-schema';

export function AddCategoryForm() {
  const toast = useToast();
  const creation = useCreateCategory();
  const [formError, setFormError] = useState<string | null>(null);
  const [added, setAdded] = useState(0);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(categoryFormSchema()),
    defaultValues: { name: '', description: '' },
  });

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
        setFormError(applyServerErrors(error, setError, ['name', 'description']));
      }
    }
  });

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
        <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_minmax(0,1.5fr)_auto] sm:items-start">
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
          <Button
            type="submit"
            className="sm:mt-6"
            pending={isSubmitting}
            pendingLabel={t('categories.add.pending')}
          >
            <PlusIcon />
            {t('categories.add.submit')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
