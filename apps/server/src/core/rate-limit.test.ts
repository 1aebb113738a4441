import { authEndpoints } from '@tavolo/contract/auth';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  createTestApp,
  injectApi,
  type Owner,
  registerOwner,
  type TestApp,
  uniqueEmail,
} from '../../test/helpers';
import { AppError } from './app-error';
import { consumeRateLimit } from './rate-limit';

/** Windows of two seconds: short enough to wait for, long enough for two quick attempts. */
let t: TestApp;
/** The same database through an app that trusts X-Forwarded-For (as behind a load balancer)… */
let proxied: TestApp;
/** …and through one that does not (the default). */
let direct: TestApp;
let owner: Owner;

beforeAll(async () => {
  t = await createTestApp({
    env: { RATE_LIMIT_WINDOW_SECONDS: '2', LOGIN_LIMIT_PER_ACCOUNT: '1', LOGIN_LIMIT_PER_IP: '100' },
  });
  const perIp = { RATE_LIMIT_WINDOW_SECONDS: '600', LOGIN_LIMIT_PER_ACCOUNT: '100', LOGIN_LIMIT_PER_IP: '2' };
  proxied = await createTestApp({ database: t.database, env: { ...perIp, TRUST_PROXY: 'true' } });
  direct = await createTestApp({ database: t.database, env: perIp });
  owner = await registerOwner(t.app);
});
afterAll(async () => {
  await proxied.close();
  await direct.close();
  await t.close();
});

let ipCounter = 0;
const freshIp = () => `192.0.2.${++ipCounter}`;

function logIn(
  app: TestApp,
  options: { email?: string; password?: string; remoteAddress?: string; forwardedFor?: string } = {},
) {
  return injectApi(app.app, authEndpoints.logIn, {
    headers: options.forwardedFor ? { 'x-forwarded-for': options.forwardedFor } : {},
    body: { email: options.email ?? uniqueEmail('nobody'), password: options.password ?? 'wrong guess 1' },
    remoteAddress: options.remoteAddress ?? freshIp(),
  });
}

describe('a rate-limit window', () => {
  it('starts over once it has expired: the count resets, then limits again', async () => {
    const wrong = { email: owner.email, password: 'not the password' };
    const right = { email: owner.email, password: owner.password };
    expect((await logIn(t, wrong)).statusCode).toBe(401);
    const limited = await logIn(t, right);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('RATE_LIMITED');

    // Ask until the window has gone by (each refused try counts in the old window, which is then
    // dropped whole): no fixed sleep.
    await vi.waitFor(async () => expect((await logIn(t, right)).statusCode).toBe(200), {
      timeout: 10_000,
      interval: 100,
    });
    // A fresh window, already used once by that login: the next attempt is over the limit again.
    expect((await logIn(t, wrong)).statusCode).toBe(429);
  });
});

describe('per-address limits', () => {
  it('behind TRUST_PROXY=true counts the addresses in X-Forwarded-For apart', async () => {
    const proxy = '10.1.0.1';
    const guest = (forwardedFor: string) => logIn(proxied, { remoteAddress: proxy, forwardedFor });
    expect((await guest('203.0.113.1')).statusCode).toBe(401);
    expect((await guest('203.0.113.1')).statusCode).toBe(401);
    expect((await guest('203.0.113.1')).statusCode).toBe(429);
    // Another client behind the same proxy has its own count.
    expect((await guest('203.0.113.2')).statusCode).toBe(401);
    expect((await guest('203.0.113.2')).statusCode).toBe(401);
    expect((await guest('203.0.113.2')).statusCode).toBe(429);
    // The client is the first address of the chain, whatever proxies follow it.
    expect((await guest('203.0.113.3, 10.1.0.9')).statusCode).toBe(401);
    expect((await guest('203.0.113.3, 10.1.0.8')).statusCode).toBe(401);
    expect((await guest('203.0.113.3')).statusCode).toBe(429);
  });

  it('without TRUST_PROXY ignores X-Forwarded-For: every client behind one address shares its count', async () => {
    const proxy = '10.2.0.1';
    const statuses = [];
    for (const client of ['203.0.113.10', '203.0.113.11', '203.0.113.12']) {
      statuses.push((await logIn(direct, { remoteAddress: proxy, forwardedFor: client })).statusCode);
    }
    expect(statuses).toEqual([401, 401, 429]);
    // Another address is counted apart.
    expect(
      (await logIn(direct, { remoteAddress: '10.2.0.2', forwardedFor: '203.0.113.10' })).statusCode,
    ).toBe(401);
  });
});

describe('consumeRateLimit', () => {
  it('allows `limit` hits per key, then refuses with 429 and the seconds left in the window', async () => {
    const { db } = t.database;
    const options = { key: `test:${uniqueEmail()}`, limit: 2, windowSeconds: 600 };
    await consumeRateLimit(db, options);
    await consumeRateLimit(db, options);
    const refused = await consumeRateLimit(db, options).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({
      code: 'RATE_LIMITED',
      status: 429,
      message: 'Too many attempts; try again in 600 seconds',
    });
    // Other keys are counted apart.
    await consumeRateLimit(db, { ...options, key: `${options.key}:other` });
  });

  it('starts a new window once windowSeconds have passed since the first hit', async () => {
    const { db } = t.database;
    const options = { key: `test:${uniqueEmail()}`, limit: 1, windowSeconds: 1 };
    await consumeRateLimit(db, options);
    await expect(consumeRateLimit(db, options)).rejects.toMatchObject({ status: 429 });
    await vi.waitFor(() => consumeRateLimit(db, options), { timeout: 10_000, interval: 50 });
    await expect(consumeRateLimit(db, options)).rejects.toMatchObject({ status: 429 });
  });
});
