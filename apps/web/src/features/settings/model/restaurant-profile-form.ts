import type { TRestaurant, TUpdateRestaurantRequest } from '@tavolo/contract/restaurants';
import { z } from 'zod';
import { t } from '../../../lib/i18n/i18n';

/*
 * The restaurant profile as people type it (the service charge arrives as text, "12,5" too). The
 * limits are the contract's (ZUpdateRestaurantRequest).
 */

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: () => t('settings.field.maxLength', { count: max }) });

/** "12.5" or "12,5" → 12.5; undefined for anything that is not a number with at most two decimals. */
export function parsePercent(text: string): number | undefined {
  const normalized = text.trim().replace(',', '.');
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(normalized)) return undefined;
  return Number(normalized);
}

export const ZRestaurantProfileForm = z.object({
  name: z
    .string()
    .trim()
    .min(1, { error: () => t('settings.field.required') })
    .max(120, { error: () => t('settings.field.maxLength', { count: 120 }) }),
  address: optionalText(300),
  phone: optionalText(40),
  email: z
    .string()
    .trim()
    .max(254, { error: () => t('settings.field.tooLong', { count: 254 }) })
    .refine((text) => text === '' || z.email().safeParse(text).success, {
      error: () => t('settings.field.email'),
    }),
  logoUrl: z.string(),
  bannerUrl: z.string(),
  currency: z.string().min(1, { error: () => t('settings.field.required') }),
  timezone: z.string().min(1, { error: () => t('settings.field.required') }),
  serviceChargePercent: z
    .string()
    .trim()
    .refine((text) => parsePercent(text) !== undefined, {
      error: () => t('settings.profile.serviceChargeFormat'),
    })
    .refine((text) => (parsePercent(text) ?? 0) <= 100, {
      error: () => t('settings.profile.serviceChargeMax'),
    }),
});
export type RestaurantProfileForm = z.infer<typeof ZRestaurantProfileForm>;

export const PROFILE_FIELDS = [
  'name',
  'address',
  'phone',
  'email',
  'logoUrl',
  'bannerUrl',
  'currency',
  'timezone',
  'serviceChargePercent',
] as const;

export function toRestaurantProfileForm(restaurant: TRestaurant): RestaurantProfileForm {
  return {
    name: restaurant.name,
    address: restaurant.address ?? '',
    phone: restaurant.phone ?? '',
    email: restaurant.email ?? '',
    logoUrl: restaurant.logoUrl ?? '',
    bannerUrl: restaurant.bannerUrl ?? '',
    currency: restaurant.currency,
    timezone: restaurant.timezone,
    serviceChargePercent: String(restaurant.serviceChargePercent),
  };
}

/** Every field, with an emptied optional one cleared (null), never sent as "". */
export function toUpdateRestaurantRequest(values: RestaurantProfileForm): TUpdateRestaurantRequest {
  const orNull = (text: string) => text.trim() || null;
  return {
    name: values.name.trim(),
    address: orNull(values.address),
    phone: orNull(values.phone),
    email: orNull(values.email),
    logoUrl: orNull(values.logoUrl),
    bannerUrl: orNull(values.bannerUrl),
    currency: values.currency,
    timezone: values.timezone,
    serviceChargePercent: parsePercent(values.serviceChargePercent) ?? 0,
  };
}
