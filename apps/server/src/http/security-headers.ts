import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * The security headers of every answer, computed once at start with helmet's own rules (it used to
 * rebuild them on every request through @fastify/helmet: ~3.5 % of the CPU under load). They hold
 * no per-request value (no nonces), so one set serves every answer; a route may still set its own
 * (the API docs send their own Content-Security-Policy).
 */
export function securityHeaders(options: { https: boolean }): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
      return recorder;
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    // Our resources (uploaded images included) load only on pages of this site and its subdomains.
    crossOriginResourcePolicy: { policy: 'same-site' },
    // HSTS only means something over HTTPS; on plain http (a LAN tablet) it is noise.
    strictTransportSecurity: options.https,
  })({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/** Sends the headers computed once with every answer (set first, so a route may replace one). */
export function registerSecurityHeaders(app: FastifyInstance, options: { https: boolean }): void {
  const headers = securityHeaders(options);
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(headers);
  });
}
