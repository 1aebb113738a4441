import type { FastifyInstance } from 'fastify';
import { AppError } from '../core/app-error';

/** Whether parsed JSON holds a key that would reach a prototype: `__proto__`, or `constructor.prototype`. */
function holdsPrototypeKey(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(holdsPrototypeKey);
  if (!value || typeof value !== 'object') return false;
  if (Object.hasOwn(value, '__proto__')) return true;
  const owned = Object.hasOwn(value, 'constructor') ? (value as { constructor: unknown }).constructor : null;
  if (owned && typeof owned === 'object' && Object.hasOwn(owned, 'prototype')) return true;
  return Object.values(value).some(holdsPrototypeKey);
}

/**
 * JSON bodies through Fastify's own safe parser, which refuses keys that could reach a prototype;
 * such a body is then refused saying so (400), where Fastify would only say it is not valid JSON.
 * JSON.parse keeps `__proto__` as a plain own key, so looking at it again is safe.
 */
export function parseJsonBodies(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    parse(request, body as string, (error, value) => {
      if (!error) return done(null, value);
      let refused = false;
      try {
        refused = holdsPrototypeKey(JSON.parse(body as string));
      } catch {
        // Not JSON at all: Fastify's error says so.
      }
      done(
        refused
          ? new AppError(
              'MALFORMED_REQUEST',
              'The request body has a key that is not allowed ("__proto__", or "constructor" holding "prototype")',
            )
          : error,
        undefined,
      );
    });
  });
}
