const isSqlState = (code: unknown): code is string => typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code);

/** The severities of PostgreSQL's ErrorResponse: what only the database itself ever sends. */
const SEVERITIES: ReadonlySet<unknown> = new Set(['ERROR', 'FATAL', 'PANIC']);

/**
 * Whether an error is PostgreSQL answering (a refusal): the protocol's error, as both drivers make
 * it (pg's DatabaseError, PGlite's, and what the embedded database's worker passes on), carries a
 * severity beside its SQLSTATE. A driver's or the system's error — a broken pipe (EPIPE, which
 * also has five capital letters), a reset connection, a timeout — carries no severity.
 */
function isDatabaseError(error: unknown): error is { code: string } {
  const { code, severity } = (error ?? {}) as { code?: unknown; severity?: unknown };
  return isSqlState(code) && SEVERITIES.has(severity);
}

/** PostgreSQL's SQLSTATE of an error, also when drizzle wrapped the driver's error in `cause`. */
export function pgErrorCode(error: unknown): string | undefined {
  if (isDatabaseError(error)) return error.code;
  const cause = (error as { cause?: unknown } | null | undefined)?.cause;
  return isDatabaseError(cause) ? cause.code : undefined;
}

export const isUniqueViolation = (error: unknown) => pgErrorCode(error) === '23505';
