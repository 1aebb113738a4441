import type { TRestaurant, TUpdateRestaurantRequest } from '@tavolo/contract/restaurants';
import { z } from 'zod';

/*
 * The restaurant profile as people type it (the service charge arrives as text, "12,5" too). The
 * limits are the contract's (ZUpdateRestaurantRequest).
 */

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { message: `must be at most ${max} characters` });

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
    .min(1, { message: 'is required' })
    .max(120, { message: 'must be at most 120 characters' }),
  address: optionalText(300),
  phone: optionalText(40),
  email: z
    .string()
    .trim()
    .max(254)
    .refine((text) => text === '' || z.email().safeParse(text).success, {
      message: 'must be an e-mail address',
    }),
  logoUrl: z.string(),
  bannerUrl: z.string(),
  currency: z.string().min(1, { message: 'is required' }),
  timezone: z.string().min(1, { message: 'is required' }),
  serviceChargePercent: z
    .string()
    .trim()
    .refine((text) => parsePercent(text) !== undefined, {
      message: 'must be a number with at most two decimals, like 10 or 12.5',
    })
    .refine((text) => (parsePercent(text) ?? 0) <= 100, { message: 'must be at most 100' }),
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
