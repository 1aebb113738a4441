import type { TErrorCode, TErrorResponse } from '@tavolo/contract/errors';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, ERROR_STATUSES, type ErrorDetails } from '../core/app-error';
import { pgErrorCode } from '../lib/pg-errors';

export function errorBody(
  code: TErrorCode,
  message: string,
  fields?: Record<string, string>,
  { outOfStock, itemsTaken }: ErrorDetails = {},
): TErrorResponse {
  return {
    error: {
      code,
      message,
      ...(fields ? { fields } : {}),
      ...(outOfStock ? { outOfStock } : {}),
      ...(itemsTaken ? { itemsTaken } : {}),
    },
  };
}

/** Answers an error in the API's shape, with the status its code has (core/app-error.ts). */
export function sendError(
  reply: FastifyReply,
  code: TErrorCode,
  message: string,
  fields?: Record<string, string>,
  details?: ErrorDetails,
): FastifyReply {
  return reply.status(ERROR_STATUSES[code]).send(errorBody(code, message, fields, details));
}

/** Turns "/items/0/quantity" into "items.0.quantity" (the web app's field names). */
function fieldName(instancePath: string, missingProperty?: unknown): string {
  const base = instancePath.replace(/^\//, '').replaceAll('/', '.');
  if (typeof missingProperty === 'string') return base ? `${base}.${missingProperty}` : missingProperty;
  return base || '_';
}

const STATUS_CODES: Record<number, TErrorCode> = {
  400: 'MALFORMED_REQUEST',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'UNPROCESSABLE',
  429: 'RATE_LIMITED',
};

/**
 * One error handler for the whole API: zod validation, AppError, Fastify's own client errors
 * and PostgreSQL constraint errors all come out in the same shape; 5xx details stay in the log.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      // A 5xx AppError is ours (a database out of reach): the log gets what caused it.
      if (error.status >= 500) request.log.warn({ err: error.cause ?? error }, error.message);
      if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
      return sendError(reply, error.code, error.message, error.fields, error.details);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const name = fieldName(issue.instancePath, issue.params?.missingProperty);
        fields[name] ??= issue.message ?? 'is invalid';
      }
      const where =
        error.validationContext === 'body' ? 'request body' : `request ${error.validationContext}`;
      return sendError(reply, 'VALIDATION_FAILED', `The ${where} is invalid`, fields);
    }
    if (
      error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
      (error instanceof SyntaxError && error.statusCode === 400)
    ) {
      return sendError(reply, 'MALFORMED_REQUEST', 'The request body is not valid JSON');
    }
    const sqlState = pgErrorCode(error);
    if (sqlState) {
      // PostgreSQL errors: constraint violations are the client's, the rest are ours.
      if (sqlState === '23505') return sendError(reply, 'DUPLICATE', 'This already exists');
      // restrict_violation: something still refers to what the request deletes.
      if (sqlState === '23001')
        return sendError(reply, 'CONFLICT', 'Something still refers to this; remove that first');
      if (sqlState === '23503')
        return sendError(reply, 'UNPROCESSABLE', 'This refers to something that does not exist');
      // Class 22, data exceptions: a value the database cannot hold (a NUL byte in text, a date
      // out of range, a number too large). Always the request's doing.
      if (sqlState.startsWith('22'))
        return sendError(reply, 'VALIDATION_FAILED', 'A value in the request is invalid');
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (a body too large, a media type it cannot parse): their code,
      // and the one status of that code.
      const code = STATUS_CODES[status] ?? 'MALFORMED_REQUEST';
      return sendError(reply, code, error.message || 'Bad request');
    }
    request.log.error({ err: error }, 'request failed');
    return sendError(reply, 'INTERNAL', 'Something went wrong on our side; please try again');
  });
}
