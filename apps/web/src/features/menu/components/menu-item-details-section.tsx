import type { TCategory } from '@tavolo/contract/menu';
import type { UseFormReturn } from 'react-hook-form';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { TextareaField } from '../../../components/ui/textarea-field';
import { examplePrice } from '../../../lib/price-input';
import type { MenuItemFormValues } from '../model/menu-item-form-schema';
import { FormSection } from './form-section';

/** Name, category, price and description of a dish; without categories, a pointer to make one. */
export function MenuItemDetailsSection({
  form,
  categories,
  currency,
}: {
  form: UseFormReturn<MenuItemFormValues>;
  categories: readonly TCategory[];
  currency: string;
}) {
  const {
    register,
    formState: { errors },
  } = form;
  const hasCategories = categories.length > 0;
  const categoryOptions = [
    { value: '', label: hasCategories ? 'Choose a category' : 'No categories yet' },
    ...categories.map((category) => ({ value: category.id, label: category.name })),
  ];

  return (
    <FormSection title="Details">
      <TextField
        label="Name"
        autoComplete="off"
        placeholder="Margherita"
        error={errors.name?.message}
        {...register('name')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label="Category"
          options={categoryOptions}
          error={errors.categoryId?.message}
          disabled={!hasCategories}
          {...register('categoryId')}
        />
        <TextField
          label={`Price (${currency})`}
          inputMode="decimal"
          autoComplete="off"
          placeholder={examplePrice(currency)}
          error={errors.price?.message}
          {...register('price')}
        />
      </div>
      {hasCategories ? null : (
        <Alert tone="info">
          Dishes belong to a category.{' '}
          <Link to="/dashboard/categories" className="font-medium underline underline-offset-4">
            Create a category
          </Link>{' '}
          first, then come back.
        </Alert>
      )}
      <TextareaField
        label="Description (optional)"
        placeholder="San Marzano tomatoes, fior di latte, basil"
        rows={3}
        error={errors.description?.message}
        {...register('description')}
      />
    </FormSection>
  );
}
