import { percentToBasisPoints } from '@tavolo/contract/money';
import { type TTaxRate, type TTaxRateRequest, ZTaxRateRequest } from '@tavolo/contract/taxes';
import { z } from 'zod';
import { t } from '../../../lib/i18n/i18n';
import { parsePercent } from './restaurant-profile-form';

/*
 * A tax rate as people type it: its name, and its rate as a percent ("10", "5,5", "10.25"); the
 * request carries basis points (10 % = 1000). The rules are the contract's.
 */

const ZTaxRateFormShape = z.object({
  name: z.string(),
  percent: z.string(),
  isDefault: z.boolean(),
});
export type TaxRateFormValues = z.input<typeof ZTaxRateFormShape>;

/** A percent with at most two decimals as basis points: "10" → 1000, "5,5" → 550; undefined otherwise. */
export function parseRatePercent(text: string): number | undefined {
  const percent = parsePercent(text);
  return percent === undefined ? undefined : percentToBasisPoints(percent);
}

/** Basis points as the percent the input shows: 1000 → "10", 550 → "5.5", 1025 → "10.25". */
export function formatRatePercent(basisPoints: number): string {
  return String(basisPoints / 100);
}

export function toTaxRateFormValues(rate?: TTaxRate | null): TaxRateFormValues {
  return {
    name: rate?.name ?? '',
    percent: rate ? formatRatePercent(rate.rateBasisPoints) : '',
    isDefault: rate?.isDefault ?? false,
  };
}

/** The form's input a contract or server field is shown at. */
export function findTaxRateFormField(serverField: string): 'name' | 'percent' | undefined {
  if (serverField === 'name') return 'name';
  return serverField === 'rateBasisPoints' ? 'percent' : undefined;
}

/**
 * The schema for `zodResolver`: the values it gives are the contract's request. A rate is made
 * the default, never unmade (another rate becomes the default instead): unticked sends nothing.
 */
export function taxRateFormSchema() {
  return ZTaxRateFormShape.transform((values, ctx): TTaxRateRequest => {
    const percent = values.percent.trim();
    const basisPoints = parseRatePercent(percent);
    if (percent === '' || basisPoints === undefined || basisPoints > 10_000) {
      ctx.addIssue({
        code: 'custom',
        path: ['percent'],
        message:
          percent === ''
            ? t('settings.taxes.rateRequired')
            : basisPoints === undefined
              ? t('settings.taxes.rateFormat')
              : t('settings.taxes.rateMax'),
      });
    }
    const result = ZTaxRateRequest.safeParse({
      name: values.name,
      rateBasisPoints: basisPoints ?? 0,
      ...(values.isDefault ? { isDefault: true } : {}),
    });
    if (!result.success) {
      for (const issue of result.error.issues) {
        const field = findTaxRateFormField(issue.path.join('.'));
        // The rate's own problems are said above, in the percent's words.
        if (field === 'name') ctx.addIssue({ code: 'custom', path: ['name'], message: issue.message });
      }
    }
    return result.success && basisPoints !== undefined ? result.data : z.NEVER;
  });
}
