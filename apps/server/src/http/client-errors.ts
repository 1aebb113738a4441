import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { TErrorCode } from '@tavolo/contract/errors';
import type { FastifyInstance } from 'fastify';
import { ERROR_STATUSES } from '../core/app-error';
import { errorBody } from './error-handler';
import { isApiPath, routeDeclarationsOf } from './route-access';

/**
 * A request Node's HTTP parser refuses before Fastify sees it (a control character in a header, a
 * request line it cannot read, headers too large, a request that never finished) is answered on the
 * socket, in the API's error shape like every other error, and the connection closed.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  // Nothing can be written to a connection the client reset or that is already gone.
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const [code, message]: [TErrorCode, string] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? ['HEADERS_TOO_LARGE', 'The request headers are too large']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? ['REQUEST_TIMEOUT', 'The request did not arrive in time']
        : ['MALFORMED_REQUEST', 'The request could not be read: its request line or a header is malformed'];
  const status = ERROR_STATUSES[code];
  const body = JSON.stringify(errorBody(code, message));
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      'Connection: close\r\n\r\n' +
      body,
  );
}

/**
 * The methods the API has at a path, from the routes registered: a request to a known path with
 * another method answers 405 with them in `Allow` (RFC 9110 §15.5.6), not 404.
 */
export function createAllowedMethods(app: FastifyInstance): (path: string) => string[] {
  let patterns: { pattern: RegExp; methods: string[] }[] | undefined;
  const compile = () => {
    const byUrl = new Map<string, Set<string>>();
    for (const route of routeDeclarationsOf(app)) {
      if (!isApiPath(route.url)) continue;
      const methods = byUrl.get(route.url) ?? new Set<string>();
      for (const method of [route.method].flat()) methods.add(method);
      byUrl.set(route.url, methods);
    }
    return [...byUrl].map(([url, methods]) => ({
      pattern: new RegExp(
        `^${url
          .split('/')
          .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
          .join('/')}/?$`,
      ),
      methods: [...methods].sort(),
    }));
  };
  return (path) => {
    patterns ??= compile();
    const allowed = new Set<string>();
    for (const { pattern, methods } of patterns) {
      if (pattern.test(path)) for (const method of methods) allowed.add(method);
    }
    return [...allowed].sort();
  };
}
