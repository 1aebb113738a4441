/** PostgreSQL's SQLSTATE of an error, also when drizzle wrapped the driver's error in `cause`. */
export function pgErrorCode(error: unknown): string | undefined {
  const direct = (error as { code?: unknown })?.code;
  if (typeof direct === 'string' && /^[0-9A-Z]{5}$/.test(direct)) return direct;
  const cause = (error as { cause?: { code?: unknown } })?.cause?.code;
  return typeof cause === 'string' ? cause : undefined;
}

export const isUniqueViolation = (error: unknown) => pgErrorCode(error) === '23505';
