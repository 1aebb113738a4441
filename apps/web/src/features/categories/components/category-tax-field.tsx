import type { TTaxRate } from '@tavolo/contract/taxes';
import { SelectField } from '../../../components/ui/select-field';
import { formatRate } from '../../../lib/format';
import { taxRateOptions } from '../../../lib/get-tax-rates';
import { t } from '../../../lib/i18n/i18n';
import type { CategoryForm } from './category-translation-fields';

/**
 * The tax rate a category's dishes are sold at: the default ('') or one of the restaurant's rates.
 * Shown only once the restaurant has rates: without them nothing is taxed, and the category keeps
 * what it has.
 */
export function CategoryTaxField({
  form,
  rates,
}: {
  form: CategoryForm;
  rates: readonly TTaxRate[] | undefined;
}) {
  const {
    register,
    formState: { errors },
  } = form;
  const defaultRate = rates?.find((rate) => rate.isDefault);
  if (!rates || !defaultRate) return null;
  return (
    <SelectField
      label={t('categories.form.taxRate')}
      hint={t('categories.form.taxRateHint')}
      options={[
        {
          value: '',
          label: t('categories.form.taxRateDefault', { rate: formatRate(defaultRate.rateBasisPoints) }),
        },
        ...taxRateOptions(rates),
      ]}
      error={errors.taxRateId?.message}
      {...register('taxRateId')}
    />
  );
}
