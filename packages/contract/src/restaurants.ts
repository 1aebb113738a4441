import { z } from 'zod';
import { textPattern, ZCurrency, ZId, ZIdParams, ZImageUrl, ZOptionalText, ZTimezone } from './common';
import { access, endpoint } from './endpoint';
import { ZRestaurantLanguages } from './languages';

export const ZRestaurant = z.object({
  id: ZId,
  name: z.string(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  logoUrl: z.string().nullable(),
  bannerUrl: z.string().nullable(),
  currency: z.string(),
  timezone: z.string(),
  /** Percent added to the subtotal, e.g. 12.5; at most two decimals. */
  serviceChargePercent: z.number(),
  languages: ZRestaurantLanguages,
  /** The legal block of receipts: the company's registered name and its VAT number. */
  legalName: z.string().nullable(),
  taxId: z.string().nullable(),
  /** true: menu prices are what the guest pays, tax included; false: tax is added on top. */
  pricesIncludeTax: z.boolean(),
  /** When a business day ends and the next begins, local time ("04:00"): a day's close covers until then. */
  businessDayStartsAt: z.string(),
  createdAt: z.iso.datetime(),
});
export type TRestaurant = z.infer<typeof ZRestaurant>;

export const ZRestaurantList = z.object({ items: z.array(ZRestaurant) });
export type TRestaurantList = z.infer<typeof ZRestaurantList>;

export const ZRestaurantName = z
  .string()
  .trim()
  .min(1, { message: 'is required' })
  .max(120, { message: 'must be at most 120 characters' })
  .meta({ pattern: textPattern(1) });

export const ZUpdateRestaurantRequest = z
  .object({
    name: ZRestaurantName,
    // null clears an optional field (a form drops empty strings, so "" never arrives).
    address: ZOptionalText(300).nullable(),
    phone: ZOptionalText(40).nullable(),
    email: z.email({ message: 'must be an e-mail address' }).max(254).nullable(),
    logoUrl: ZImageUrl.nullable(),
    bannerUrl: ZImageUrl.nullable(),
    currency: ZCurrency,
    timezone: ZTimezone,
    serviceChargePercent: z
      .number()
      .min(0, { message: 'must be at least 0' })
      .max(100, { message: 'must be at most 100' })
      .refine(
        (n) => Number.isInteger(Math.round(n * 100)) && Math.abs(n * 100 - Math.round(n * 100)) < 1e-9,
        {
          message: 'must have at most two decimals',
        },
      )
      .meta({ multipleOf: 0.01 }),
    languages: ZRestaurantLanguages,
    legalName: ZOptionalText(200).nullable(),
    taxId: ZOptionalText(40).nullable(),
    pricesIncludeTax: z.boolean(),
    businessDayStartsAt: z
      .string()
      .regex(/^(?:[01]\d|2[0-3]):[0-5]\d$/, { message: 'must be a time of day (HH:MM)' }),
  })
  .partial()
  .strict();
export type TUpdateRestaurantRequest = z.infer<typeof ZUpdateRestaurantRequest>;

export const ZCreateRestaurantRequest = z
  .object({
    name: ZRestaurantName,
    currency: ZCurrency,
    timezone: ZTimezone,
    /** Left out: English alone, as at sign-up. */
    languages: ZRestaurantLanguages.optional(),
  })
  .strict();
export type TCreateRestaurantRequest = z.infer<typeof ZCreateRestaurantRequest>;

/** The one resource named by a restaurant id that is not the session's: an owner reaches all theirs. */
export const restaurantsEndpoints = {
  listRestaurants: endpoint({
    method: 'GET',
    path: '/api/restaurants',
    tag: 'restaurants',
    summary: "The owner's restaurants (staff: their own)",
    access: access.signedIn,
    response: ZRestaurantList,
  }),
  createRestaurant: endpoint({
    method: 'POST',
    path: '/api/restaurants',
    tag: 'restaurants',
    summary: 'Open another restaurant (owners)',
    access: access.owner,
    body: ZCreateRestaurantRequest,
    status: 201,
    response: ZRestaurant,
  }),
  getRestaurant: endpoint({
    method: 'GET',
    path: '/api/restaurants/:id',
    tag: 'restaurants',
    summary: 'Read a restaurant the caller owns or works for',
    access: access.signedIn,
    params: ZIdParams,
    response: ZRestaurant,
  }),
  deleteRestaurant: endpoint({
    method: 'DELETE',
    path: '/api/restaurants/:id',
    tag: 'restaurants',
    summary: 'Delete a restaurant and all its data (owners; not the one the session works in)',
    access: access.owner,
    params: ZIdParams,
    status: 204,
    errors: [409],
  }),
  exportRestaurant: endpoint({
    method: 'GET',
    path: '/api/restaurants/:id/export',
    // Like every path naming the restaurant: the session's, else 404 (an owner switches to another first).
    restaurantParam: 'id',
    tag: 'restaurants',
    summary: "All of the restaurant's data as a zip of CSV and JSON (owners)",
    description:
      'Streams `tavolo-export-<date>.zip`: manifest.json, restaurant.json, menu.csv (the columns the menu import reads) and menu.json, tables.csv, orders.csv and order-lines.csv, payments.csv and refunds.csv, receipts.csv, reviews.csv, staff.csv, audit.csv and wallet.csv (the README lists their columns). Money in major units with a point (12.50), instants in UTC (ISO 8601). No password hashes, PINs, sessions, tokens or table codes.',
    access: access.owner,
    params: ZIdParams,
    produces: 'application/zip',
  }),
  updateRestaurant: endpoint({
    method: 'PUT',
    path: '/api/restaurants/:id',
    tag: 'restaurants',
    summary: "Change a restaurant's profile",
    access: access.permission('settings.manage'),
    params: ZIdParams,
    body: ZUpdateRestaurantRequest,
    response: ZRestaurant,
  }),
};
