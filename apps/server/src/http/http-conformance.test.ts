import net from 'node:net';
import { authEndpoints } from '@tavolo/contract/auth';
import { categoriesEndpoints } from '@tavolo/contract/menu';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, errorOf, type TestApp } from '../../test/helpers';

/*
 * What an HTTP client meets before any route runs: requests the parser refuses and methods a path
 * does not have. Over a real socket, because Node's parser refuses these before Fastify sees them.
 */

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as net.AddressInfo).port;
});
afterAll(() => t.close());

/** Sends raw bytes and reads everything the server answers until it closes the connection. */
function exchange(raw: string): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => {
      answer += chunk;
    });
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', body = ''] = answer.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), headers: head, body });
    });
    socket.write(raw);
  });
}

describe('requests the HTTP parser refuses', () => {
  it('answer 400 in the documented error shape, whatever the header', async () => {
    for (const header of ['Authorization: Bearer \x10', 'X-Anything: a\x01b', 'Accept: \x7f']) {
      const answer = await exchange(`GET /auth/me HTTP/1.1\r\nHost: tavolo.test\r\n${header}\r\n\r\n`);
      expect(answer.status, JSON.stringify(header)).toBe(400);
      expect(answer.headers).toMatch(/content-type: application\/json/i);
      expect(JSON.parse(answer.body)).toEqual({
        error: {
          code: 'MALFORMED_REQUEST',
          message: 'The request could not be read: its request line or a header is malformed',
        },
      });
    }
  });

  it('answer 431 in the same shape when the headers are too large', async () => {
    const answer = await exchange(
      `GET /api/health HTTP/1.1\r\nHost: tavolo.test\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expect(answer.status).toBe(431);
    expect(JSON.parse(answer.body).error.code).toBe('HEADERS_TOO_LARGE');
  });

  it('leave the server answering the next request as usual', async () => {
    const answer = await exchange(
      'GET /api/health HTTP/1.1\r\nHost: tavolo.test\r\nConnection: close\r\n\r\n',
    );
    expect(answer.status).toBe(200);
  });
});

describe('a JSON body with a key that would reach a prototype', () => {
  it('answers 400 saying which keys are refused, not that the JSON is broken', async () => {
    for (const payload of [
      '{"__proto__":{"x":1},"email":"a@b.it"}',
      '{"constructor":{"prototype":{"x":1}}}',
    ]) {
      const response = await t.app.inject({
        method: authEndpoints.logIn.method,
        url: authEndpoints.logIn.path,
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(response.statusCode, payload).toBe(400);
      expect(errorOf(response), payload).toEqual({
        code: 'MALFORMED_REQUEST',
        message:
          'The request body has a key that is not allowed ("__proto__", or "constructor" holding "prototype")',
      });
    }
  });
});

describe('a method a path does not have', () => {
  it('answers 405 with the methods it has in Allow, for a plain path and one with an id', async () => {
    const categories = categoriesEndpoints.createCategory.path;
    for (const method of ['PATCH', 'TRACE', 'GET', 'DELETE']) {
      const response = await t.app.inject({ method: method as 'PATCH', url: categories });
      expect(response.statusCode, method).toBe(405);
      expect(response.headers.allow, method).toBe('POST');
      expect(errorOf(response).code).toBe('METHOD_NOT_ALLOWED');
    }
    const one = categoriesEndpoints.updateCategory.path.replace(':id', crypto.randomUUID());
    const response = await t.app.inject({ method: 'PATCH', url: one });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe('DELETE, GET, HEAD, PUT');
  });

  it('still answers 404 for a path the API does not have at all', async () => {
    const response = await t.app.inject({ method: 'PATCH', url: '/api/no-such-thing' });
    expect(response.statusCode).toBe(404);
    expect(errorOf(response).code).toBe('NOT_FOUND');
  });

  it('answers 405 over a real socket too (TRACE is a method Node passes on)', async () => {
    const path = categoriesEndpoints.createCategory.path;
    const answer = await exchange(`TRACE ${path} HTTP/1.1\r\nHost: tavolo.test\r\nConnection: close\r\n\r\n`);
    expect(answer.status).toBe(405);
    expect(answer.headers).toMatch(/\r\nallow: POST\r\n/i);
    expect(JSON.parse(answer.body).error.code).toBe('METHOD_NOT_ALLOWED');
  });
});
