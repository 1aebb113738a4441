const isSqlState = (code: unknown): code is string => typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code);

/** PostgreSQL's SQLSTATE of an error, also when drizzle wrapped the driver's error in `cause`. */
export function pgErrorCode(error: unknown): string | undefined {
  const direct = (error as { code?: unknown })?.code;
  if (isSqlState(direct)) return direct;
  const cause = (error as { cause?: { code?: unknown } })?.cause?.code;
  return isSqlState(cause) ? cause : undefined;
}

export const isUniqueViolation = (error: unknown) => pgErrorCode(error) === '23505';
