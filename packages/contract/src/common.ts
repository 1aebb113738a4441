import { z } from 'zod';

/**
 * Names, in the API document, a rule the server checks that JSON Schema cannot state (the time zones
 * the runtime knows, a comparison between two fields); the schema's description says it in words.
 */
export const RULE_KEYWORD = 'x-tavolo-rule';

/** A schema's meta for such a rule: its name under RULE_KEYWORD, and the rule in words. */
export const serverRule = (name: string, description: string) => ({ [RULE_KEYWORD]: name, description });

/**
 * For the API document, the pattern of text the server trims and then wants at least `trimmedMin`
 * characters of (JSON Schema's minLength also counts the spaces trimming drops: "  " has two), and
 * that holds no U+0000 (PostgreSQL's text cannot). JavaScript's `\s` is what trim() drops.
 */
export function textPattern(trimmedMin: number): string {
  if (trimmedMin <= 0) return '^[^\\u0000]*$';
  if (trimmedMin === 1) return '^[^\\u0000]*[^\\s\\u0000][^\\u0000]*$';
  return `^\\s*[^\\s\\u0000][^\\u0000]{${trimmedMin - 2},}[^\\s\\u0000]\\s*$`;
}

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

/** ISO 4217 codes as written (EUR, JPY): the list is the runtime's, and the API document's. */
export const ZCurrency = z.enum(Intl.supportedValuesOf('currency') as [string, ...string[]], {
  message: 'must be an ISO 4217 currency code',
});

/** An IANA time zone the runtime knows (Europe/Rome, UTC, America/Argentina/Buenos_Aires). */
export const ZTimezone = z
  .string()
  .regex(/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+){0,2}$/, { message: 'must be an IANA time zone' })
  .max(64)
  .refine(
    (zone) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: zone });
        return true;
      } catch {
        return false;
      }
    },
    { message: 'must be an IANA time zone' },
  )
  .meta({
    ...serverRule('iana-time-zone', 'An IANA time zone that the server’s time zone database knows'),
    examples: ['Europe/Rome'],
  });

/** An image's address: a path on this server (an upload) or an http(s) URL. */
export const ZImageUrl = z
  .string()
  .max(2048)
  // biome-ignore lint/suspicious/noControlCharactersInRegex: U+0000 is the one character PostgreSQL's text cannot hold.
  .regex(/^(\/|https?:\/\/)[^\s\u0000]*$/, { message: 'must be a URL' });
