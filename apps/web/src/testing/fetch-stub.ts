import type { TMeResponse } from '@tavolo/contract/auth';
import { vi } from 'vitest';

export type FetchHandler = (request: {
  url: URL;
  method: string;
  init: RequestInit;
}) => Response | Promise<Response>;

/** Replaces global fetch for one test; returns the mock to inspect calls. */
export function stubFetch(handler: FetchHandler) {
  const mock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    return handler({ url, method: init.method ?? 'GET', init });
  });
  vi.stubGlobal('fetch', mock);
  return mock;
}

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export function errorResponse(
  status: number,
  code: string,
  message: string,
  fields?: Record<string, string>,
) {
  return jsonResponse(status, { error: { code, message, ...(fields ? { fields } : {}) } });
}

export const ME: TMeResponse = {
  userType: 'owner',
  userId: '11111111-1111-4111-8111-111111111111',
  staffId: null,
  name: 'Giulia Rossi',
  email: 'giulia@example.com',
  language: null,
  restaurantId: '22222222-2222-4222-8222-222222222222',
  restaurant: {
    id: '22222222-2222-4222-8222-222222222222',
    name: 'Trattoria Giulia',
    currency: 'EUR',
    timezone: 'Europe/Rome',
    logoUrl: null,
    languages: ['en'],
    payoutAccount: null,
  },
  permissions: [],
  hasPin: false,
  expiresAt: '2030-01-01T00:00:00.000Z',
};
