import { zodResolver } from '@hookform/resolvers/zod';
import { SUGGESTED_ALLERGENS, SUGGESTED_TAGS, type TCategory, type TMenuItem } from '@tavolo/contract/menu';
import { type ReactNode, useMemo, useState } from 'react';
import { Controller, type FieldPath, useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClassName } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { ImageUploadField } from '../../../components/ui/image-upload-field';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { TextareaField } from '../../../components/ui/textarea-field';
import { useToast } from '../../../components/ui/toast';
import { applyServerErrors } from '../../../lib/form-errors';
import { examplePrice } from '../../../lib/price-input';
import { useCreateMenuItem } from '../api/create-menu-item';
import { useUpdateMenuItem } from '../api/update-menu-item';
import {
  type MenuItemFormValues,
  menuItemFormSchema,
  toCreateMenuItemRequest,
  toFormFieldName,
  toMenuItemFormValues,
  toUpdateMenuItemRequest,
} from '../model/menu-item-form-schema';
import { DaysField } from './days-field';
import { LabelPicker } from './label-picker';
import { OptionsEditor } from './options-editor';

const TOP_LEVEL_FIELDS = new Set<string>([
  'name',
  'categoryId',
  'price',
  'description',
  'imageUrl',
  'active',
  'availableDays',
  'tags',
  'allergens',
  'prepMinutes',
]);

/** The server's field name as one of the form's, or undefined when the form has no such input. */
function formFieldFor(serverField: string): FieldPath<MenuItemFormValues> | undefined {
  const name = toFormFieldName(serverField);
  if (
    TOP_LEVEL_FIELDS.has(name) ||
    /^options(\.\d+(\.(name|min|max|choices(\.\d+\.(name|price))?))?)?$/.test(name)
  ) {
    return name as FieldPath<MenuItemFormValues>;
  }
  return undefined;
}

/** A card of the form with its heading; headings (not landmarks) keep a long form navigable. */
function Section({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <Card className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h2 className="text-base font-semibold text-ink">{title}</h2>
        {description ? <p className="text-sm text-ink-muted">{description}</p> : null}
      </div>
      {children}
    </Card>
  );
}

/** Adds a dish (no `item`) or changes one. Saving returns to the menu list. */
export function MenuItemForm({
  item,
  categories,
  currency,
  initialCategoryId = '',
}: {
  item?: TMenuItem;
  categories: readonly TCategory[];
  currency: string;
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
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = form;

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    if (uploading) {
      setFormError('Wait for the photo to finish uploading, then save again.');
      return;
    }
    const name = values.name.trim();
    try {
      if (item) {
        await update.mutateAsync({ id: item.id, body: toUpdateMenuItemRequest(values, currency) });
        toast.success(`${name} was saved.`);
      } else {
        await creation.mutateAsync(toCreateMenuItemRequest(values, currency));
        toast.success(`${name} was added to the menu.`);
      }
      await navigate('/dashboard/menu');
    } catch (error) {
      setFormError(applyServerErrors(error, setError, formFieldFor));
    }
  });

  const hasCategories = categories.length > 0;
  const categoryOptions = [
    { value: '', label: hasCategories ? 'Choose a category' : 'No categories yet' },
    ...categories.map((category) => ({ value: category.id, label: category.name })),
  ];

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-6">
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="flex min-w-0 flex-col gap-6">
          <Section title="Details">
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
          </Section>

          <Section
            title="Options"
            description="Choices guests make when they order: a size, a cooking point, extras. Each choice can cost extra."
          >
            <OptionsEditor form={form} currency={currency} />
          </Section>
        </div>

        <div className="flex min-w-0 flex-col gap-6">
          <Section title="Photo">
            <Controller
              control={control}
              name="imageUrl"
              render={({ field, fieldState }) => (
                <ImageUploadField
                  label="Dish photo"
                  value={field.value}
                  onChange={field.onChange}
                  onUploadingChange={setUploading}
                  error={fieldState.error?.message}
                />
              )}
            />
          </Section>

          <Section title="Availability">
            <CheckboxField
              label="Listed on the menu"
              hint="Untick to hide the dish from guests without deleting it."
              {...register('active')}
            />
            <Controller
              control={control}
              name="availableDays"
              render={({ field }) => <DaysField value={field.value} onChange={field.onChange} />}
            />
            <TextField
              label="Preparation time in minutes (optional)"
              inputMode="numeric"
              autoComplete="off"
              placeholder="15"
              error={errors.prepMinutes?.message}
              {...register('prepMinutes')}
            />
          </Section>

          <Section
            title="Tags and allergens"
            description="Guests see them on the menu and can filter by them."
          >
            <Controller
              control={control}
              name="tags"
              render={({ field, fieldState }) => (
                <LabelPicker
                  legend="Tags"
                  noun="tag"
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
                  legend="Allergens"
                  noun="allergen"
                  suggestions={SUGGESTED_ALLERGENS}
                  value={field.value}
                  onChange={field.onChange}
                  error={fieldState.error?.message}
                />
              )}
            />
          </Section>
        </div>
      </div>

      <div className="sticky bottom-0 z-10 -mx-4 flex flex-col gap-3 border-t border-line bg-panel/95 px-4 py-3 backdrop-blur sm:-mx-6 sm:px-6 lg:-mx-8 lg:px-8">
        {formError ? <Alert>{formError}</Alert> : null}
        <div className="flex flex-wrap items-center gap-2">
          <Button
            type="submit"
            pending={isSubmitting}
            pendingLabel="Saving…"
            disabled={!hasCategories || uploading}
          >
            {item ? 'Save changes' : 'Add dish'}
          </Button>
          <Link to="/dashboard/menu" className={buttonClassName('secondary')}>
            Cancel
          </Link>
          {uploading ? (
            <span className="text-sm text-ink-muted">Saving waits for the photo upload.</span>
          ) : null}
        </div>
      </div>
    </form>
  );
}
