import type { TRestaurant, TUpdateRestaurantRequest } from '@tavolo/contract/restaurants';
import { z } from 'zod';
import { t } from '../../../lib/i18n/i18n';

/*
 * The restaurant's legal details and how it is taxed, as people set them: the legal block of its
 * receipts, whether menu prices include tax, and when its business day ends. The limits are the
 * contract's (ZUpdateRestaurantRequest); it is saved on its own, so the profile's fields stay as
 * they are.
 */

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: () => t('settings.field.maxLength', { count: max }) });

export const ZLegalDetailsForm = z.object({
  legalName: optionalText(200),
  taxId: optionalText(40),
  pricesIncludeTax: z.boolean(),
  /** "HH:MM": the business day ends, and the next begins, at this time (businessDayStartsAt). */
  businessDayEndsAt: z
    .string()
    .trim()
    .regex(/^(?:[01]\d|2[0-3]):[0-5]\d$/, { error: () => t('settings.taxes.dayEndsFormat') }),
});
export type LegalDetailsForm = z.infer<typeof ZLegalDetailsForm>;

/** The form's field a server field is shown at. */
export function findLegalDetailsField(serverField: string): keyof LegalDetailsForm | undefined {
  if (serverField === 'businessDayStartsAt') return 'businessDayEndsAt';
  return serverField === 'legalName' || serverField === 'taxId' || serverField === 'pricesIncludeTax'
    ? serverField
    : undefined;
}

export function toLegalDetailsForm(restaurant: TRestaurant): LegalDetailsForm {
  return {
    legalName: restaurant.legalName ?? '',
    taxId: restaurant.taxId ?? '',
    pricesIncludeTax: restaurant.pricesIncludeTax,
    businessDayEndsAt: restaurant.businessDayStartsAt,
  };
}

/** These four fields alone, an emptied one cleared (null), never sent as "". */
export function toLegalDetailsRequest(values: LegalDetailsForm): TUpdateRestaurantRequest {
  const orNull = (text: string) => text.trim() || null;
  return {
    legalName: orNull(values.legalName),
    taxId: orNull(values.taxId),
    pricesIncludeTax: values.pricesIncludeTax,
    businessDayStartsAt: values.businessDayEndsAt.trim(),
  };
}
