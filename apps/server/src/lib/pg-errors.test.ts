import { describe, expect, it } from 'vitest';
import { isUniqueViolation, pgErrorCode } from './pg-errors';

describe('pgErrorCode', () => {
  it("reads PostgreSQL's SQLSTATE on the error or on the driver's error drizzle wrapped", () => {
    expect(pgErrorCode({ code: '23505' })).toBe('23505');
    expect(pgErrorCode(new Error('wrapped', { cause: { code: '40P01' } }))).toBe('40P01');
    expect(isUniqueViolation(new Error('wrapped', { cause: { code: '23505' } }))).toBe(true);
  });

  it('has none for errors that are not the database answering: Node, Fastify, or nothing at all', () => {
    expect(pgErrorCode({ code: 'ECONNREFUSED' })).toBeUndefined();
    expect(pgErrorCode(new Error('lost', { cause: { code: 'ECONNRESET' } }))).toBeUndefined();
    expect(pgErrorCode({ code: 'FST_ERR_CTP_INVALID_JSON_BODY' })).toBeUndefined();
    expect(pgErrorCode(new Error('plain'))).toBeUndefined();
    expect(pgErrorCode(undefined)).toBeUndefined();
  });
});
