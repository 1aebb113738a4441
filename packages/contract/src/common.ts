import { z } from 'zod';

export const ZId = z.uuid({ message: 'must be a valid id' });

/** Path params that name one entity. */
export const ZIdParams = z.object({ id: ZId });

/** Path params that name the restaurant: it must be the session's (else 404). */
export const ZRestaurantParams = z.object({ restaurantId: ZId });

/** An optional text field from a form: trimmed, and "" counts as absent. */
export const ZOptionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { message: `must be at most ${max} characters` })
    .optional();

export const ZPageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export const ZCurrency = z
  .string()
  .trim()
  .toUpperCase()
  .refine((code) => /^[A-Z]{3}$/.test(code) && Intl.supportedValuesOf('currency').includes(code), {
    message: 'must be an ISO 4217 currency code',
  });

export const ZTimezone = z
  .string()
  .trim()
  .refine(
    (zone) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: zone });
        return zone.length > 0;
      } catch {
        return false;
      }
    },
    { message: 'must be an IANA time zone' },
  );
