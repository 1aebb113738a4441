import type { TCategory } from '@tavolo/contract/menu';
import type { TTaxRate } from '@tavolo/contract/taxes';
import { type UseFormReturn, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { TextareaField } from '../../../components/ui/textarea-field';
import { formatRate } from '../../../lib/format';
import { stationName, useStations } from '../../../lib/get-stations';
import { findEffectiveTaxRate, taxRateOptions, useTaxRates } from '../../../lib/get-tax-rates';
import { t } from '../../../lib/i18n/i18n';
import { examplePrice } from '../../../lib/price-input';
import type { MenuItemFormValues } from '../model/menu-item-form-schema';
import { FormSection } from './form-section';

/**
 * Name, category, price, station, tax rate and description of a dish; without categories, a pointer
 * to make one. The station select shows once the stations are known, the tax rate's once the
 * restaurant has rates (the dish keeps its own until then).
 */
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
  const stations = useStations().data;
  const taxRates = useTaxRates().data;
  const hasTaxRates = Boolean(taxRates?.length);
  const categoryId = useWatch({ control: form.control, name: 'categoryId' });
  const category = categories.find((candidate) => candidate.id === categoryId);
  const hasCategories = categories.length > 0;
  const categoryOptions = [
    {
      value: '',
      label: hasCategories ? t('menu.editor.details.chooseCategory') : t('menu.editor.details.noCategories'),
    },
    ...categories.map((category) => ({ value: category.id, label: category.name })),
  ];

  return (
    <FormSection title={t('menu.editor.details.title')}>
      <TextField
        label={t('menu.editor.details.name')}
        autoComplete="off"
        placeholder={t('menu.editor.details.namePlaceholder')}
        error={errors.name?.message}
        {...register('name')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label={t('menu.editor.details.category')}
          options={categoryOptions}
          error={errors.categoryId?.message}
          disabled={!hasCategories}
          {...register('categoryId')}
        />
        <TextField
          label={t('menu.editor.details.price', { currency })}
          inputMode="decimal"
          autoComplete="off"
          placeholder={examplePrice(currency)}
          error={errors.price?.message}
          {...register('price')}
        />
      </div>
      {stations || hasTaxRates ? (
        <div className="grid gap-4 sm:grid-cols-2">
          {stations ? (
            <SelectField
              label={t('menu.editor.details.station')}
              hint={t('menu.editor.details.stationHint')}
              options={[
                {
                  value: '',
                  label: category
                    ? t('menu.editor.details.stationOfCategory', {
                        station: stationName(stations, category.stationId),
                      })
                    : t('menu.editor.details.stationOfAnyCategory'),
                },
                ...stations.map((station) => ({ value: station.id, label: station.name })),
              ]}
              error={errors.stationId?.message}
              {...register('stationId')}
            />
          ) : null}
          {taxRates && hasTaxRates ? (
            <SelectField
              label={t('menu.editor.details.taxRate')}
              hint={t('menu.editor.details.taxRateHint')}
              options={[
                { value: '', label: categoryRateLabel(taxRates, category) },
                ...taxRateOptions(taxRates),
              ]}
              error={errors.taxRateId?.message}
              {...register('taxRateId')}
            />
          ) : null}
        </div>
      ) : null}
      {hasCategories ? null : (
        <Alert tone="info">
          {t('menu.editor.details.noCategoriesBeforeLink')}{' '}
          <Link to="/dashboard/categories" className="font-medium underline underline-offset-4">
            {t('menu.editor.details.noCategoriesLink')}
          </Link>{' '}
          {t('menu.editor.details.noCategoriesAfterLink')}
        </Alert>
      )}
      <TextareaField
        label={t('menu.editor.details.description')}
        placeholder={t('menu.editor.details.descriptionPlaceholder')}
        rows={3}
        error={errors.description?.message}
        {...register('description')}
      />
    </FormSection>
  );
}

/** The first choice of the tax rate select: the category's rate, said when the category is chosen. */
function categoryRateLabel(rates: readonly TTaxRate[], category: TCategory | undefined): string {
  const rate = category ? findEffectiveTaxRate(rates, category.taxRateId) : undefined;
  return rate
    ? t('menu.editor.details.taxRateOfCategory', { rate: formatRate(rate.rateBasisPoints) })
    : t('menu.editor.details.taxRateOfAnyCategory');
}
