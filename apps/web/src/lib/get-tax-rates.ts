import { queryOptions, useQuery } from '@tanstack/react-query';
import { taxRatesRoutes } from '@tavolo/contract/client/taxes';
import type { TTaxRate } from '@tavolo/contract/taxes';
import { callEndpoint } from './api-client';
import { useCan, useCurrentSession } from './current-session';
import { formatRate } from './format';
import { t } from './i18n/i18n';

// Here rather than in a feature: settings edits the rates; the category and dish forms pick from them.

/** Every write to a tax rate invalidates this key. */
export const taxRatesQueryKey = (restaurantId: string) => ['tax-rates', restaurantId] as const;

/** The restaurant's tax rates, the default first. */
export async function getTaxRates(signal?: AbortSignal) {
  const { items } = await callEndpoint(taxRatesRoutes.listTaxRates, { signal });
  return items;
}

export function taxRatesQueryOptions(restaurantId: string) {
  return queryOptions({
    queryKey: taxRatesQueryKey(restaurantId),
    queryFn: ({ signal }) => getTaxRates(signal),
  });
}

/** Asked only by those the server lets read the list: settings and menu managers. */
export function useTaxRates({ enabled = true }: { enabled?: boolean } = {}) {
  const { restaurant } = useCurrentSession();
  const canRead = useCan(['settings.manage', 'menu.manage']);
  return useQuery({ ...taxRatesQueryOptions(restaurant.id), enabled: enabled && canRead });
}

/** The default first (the server's order is not relied on), then the others by rate and name. */
export function sortTaxRates(rates: readonly TTaxRate[]): TTaxRate[] {
  return [...rates].sort(
    (a, b) =>
      Number(b.isDefault) - Number(a.isDefault) ||
      a.rateBasisPoints - b.rateBasisPoints ||
      a.name.localeCompare(b.name),
  );
}

/** The rate a category's dishes are sold at: its own (`taxRateId`), else the default; none without rates. */
export function findEffectiveTaxRate(
  rates: readonly TTaxRate[],
  taxRateId: string | null,
): TTaxRate | undefined {
  return rates.find((rate) => rate.id === taxRateId) ?? rates.find((rate) => rate.isDefault);
}

/** A select's choices of rates, the default first: "Food (10%)". */
export function taxRateOptions(rates: readonly TTaxRate[]): { value: string; label: string }[] {
  return sortTaxRates(rates).map((rate) => ({
    value: rate.id,
    label: t('lib.tax.rateOption', { name: rate.name, rate: formatRate(rate.rateBasisPoints) }),
  }));
}
