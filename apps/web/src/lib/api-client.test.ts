import { access, endpoint } from '@tavolo/contract/endpoint';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { errorResponse, jsonResponse, stubFetch } from '../testing/fetch-stub';
import { loadCatalogues, speakEnglishAgain } from '../testing/languages';
import {
  apiRequest,
  callEndpoint,
  dropEmptyStrings,
  getErrorMessage,
  HttpError,
  RequestError,
  setUnauthorizedHandler,
  urlOf,
} from './api-client';
import { i18n } from './i18n/i18n';
import { releaseWatch } from './release';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  setUnauthorizedHandler(undefined);
});

async function failureOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the request to fail');
}

describe('apiRequest', () => {
  it('sends JSON with the session cookie and parses the answer with the schema', async () => {
    const fetch = stubFetch(() => jsonResponse(200, { id: 7, name: 'Tavolo' }));
    const result = await apiRequest('/api/things', {
      method: 'POST',
      body: { name: 'Tavolo', note: '' },
      query: { staff: 'true', skip: undefined },
      schema: z.object({ id: z.number(), name: z.string() }),
    });
    expect(result).toEqual({ id: 7, name: 'Tavolo' });
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(String(url)).toBe('/api/things?staff=true');
    expect(init?.credentials).toBe('same-origin');
    expect(init?.body).toBe('{"name":"Tavolo"}');
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
  });

  it('reports a network failure as FETCH_ERROR', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = await failureOf(apiRequest('/api/health'));
    expect(error).toBeInstanceOf(RequestError);
    expect((error as RequestError).kind).toBe('FETCH_ERROR');
  });

  it('reports a slow server as TIMEOUT_ERROR', async () => {
    vi.useFakeTimers();
    stubFetch(
      ({ init }) =>
        new Promise((_, reject) =>
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        ),
    );
    const pending = failureOf(apiRequest('/api/health', { timeoutMs: 1_000 }));
    await vi.advanceTimersByTimeAsync(1_000);
    const error = await pending;
    expect(error).toBeInstanceOf(RequestError);
    expect((error as RequestError).kind).toBe('TIMEOUT_ERROR');
  });

  it('lets a caller abort pass through unclassified', async () => {
    stubFetch(
      ({ init }) =>
        new Promise((_, reject) =>
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        ),
    );
    const controller = new AbortController();
    const pending = failureOf(apiRequest('/api/health', { signal: controller.signal }));
    controller.abort();
    expect(await pending).not.toBeInstanceOf(RequestError);
  });

  it('reports a body that is not JSON as PARSING_ERROR', async () => {
    stubFetch(() => new Response('<!doctype html><html></html>', { status: 200 }));
    const error = await failureOf(apiRequest('/api/health'));
    expect((error as RequestError).kind).toBe('PARSING_ERROR');
  });

  it('reports an answer that does not match the schema as PARSING_ERROR', async () => {
    stubFetch(() => jsonResponse(200, { status: 'maybe' }));
    const error = await failureOf(
      apiRequest('/api/health', { schema: z.object({ status: z.literal('ok') }) }),
    );
    expect((error as RequestError).kind).toBe('PARSING_ERROR');
  });

  it('turns a non-2xx answer into an HttpError with status and data', async () => {
    stubFetch(() =>
      errorResponse(400, 'VALIDATION_FAILED', 'Check the form.', { email: 'must be an e-mail address' }),
    );
    const error = await failureOf(apiRequest('/api/things', { method: 'POST', body: {} }));
    expect(error).toBeInstanceOf(HttpError);
    const http = error as HttpError;
    expect(http.status).toBe(400);
    expect(http.code).toBe('VALIDATION_FAILED');
    expect(http.apiError?.fields).toEqual({ email: 'must be an e-mail address' });
    expect(http.data).toEqual({
      error: {
        code: 'VALIDATION_FAILED',
        message: 'Check the form.',
        fields: { email: 'must be an e-mail address' },
      },
    });
    expect(getErrorMessage(error)).toBe('Check the form.');
  });

  it('keeps a non-JSON error body as data', async () => {
    stubFetch(() => new Response('Bad gateway', { status: 502 }));
    const error = (await failureOf(apiRequest('/api/health'))) as HttpError;
    expect(error.status).toBe(502);
    expect(error.data).toBe('Bad gateway');
    expect(getErrorMessage(error)).toMatch(/went wrong on our side/);
  });

  it('says what is left of each dish of an OUT_OF_STOCK in the person’s language, from its figures', async () => {
    const outOfStock = [
      { menuItemId: 'a', name: 'Tiramisù', remaining: 2, lines: [0] },
      { menuItemId: 'b', name: 'Panna cotta', remaining: 0, lines: [1, 2] },
    ];
    stubFetch(() =>
      jsonResponse(409, {
        error: {
          code: 'OUT_OF_STOCK',
          message: 'Only 2 Tiramisù left; Panna cotta is sold out',
          fields: { 'items.0.quantity': 'only 2 left' },
          outOfStock,
        },
      }),
    );
    const error = (await failureOf(apiRequest('/api/orders', { method: 'POST', body: {} }))) as HttpError;
    expect(error.code).toBe('OUT_OF_STOCK');
    expect(error.apiError?.outOfStock).toEqual(outOfStock);
    expect(getErrorMessage(error)).toBe('Only 2 Tiramisù left; Panna cotta is sold out');
    try {
      loadCatalogues('it');
      i18n.activate('it');
      expect(getErrorMessage(error)).toBe('Tiramisù: ne restano solo 2. Panna cotta: esaurito.');
      loadCatalogues('de');
      i18n.activate('de');
      expect(getErrorMessage(error)).toBe('Tiramisù: nur noch 2 übrig. Panna cotta: ausverkauft.');
    } finally {
      await speakEnglishAgain();
    }
  });

  it('calls the unauthorized handler on a 401 outside /auth/, not inside it', async () => {
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    stubFetch(() => errorResponse(401, 'UNAUTHENTICATED', 'Sign in first.'));
    await failureOf(apiRequest('/auth/me'));
    await failureOf(apiRequest('/auth/login', { method: 'POST', body: {} }));
    expect(onUnauthorized).not.toHaveBeenCalled();
    await failureOf(apiRequest('/api/menu/restaurant/1'));
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });
});

const renamePart = endpoint({
  method: 'PUT',
  path: '/api/things/:thingId/parts/:name',
  tag: 'things',
  summary: 'Rename a part',
  access: access.signedIn,
  params: z.object({ thingId: z.string(), name: z.string() }),
  query: z.object({ dryRun: z.enum(['true', 'false']).optional() }),
  body: z.object({ name: z.string() }),
  response: z.object({ id: z.number(), name: z.string() }),
});

describe('every answer', () => {
  it("hands its server's release to the page's release watch, and itself to the caller, errors included", async () => {
    const note = vi.spyOn(releaseWatch, 'note');
    const seen: number[] = [];
    stubFetch(({ url }) => {
      const answer =
        url.pathname === '/api/ok' ? jsonResponse(200, { ok: true }) : errorResponse(409, 'CONFLICT', 'No');
      answer.headers.set('tavolo-release', `release-of-${url.pathname}`);
      return answer;
    });
    await apiRequest('/api/ok', { onResponse: (response) => seen.push(response.status) });
    await failureOf(apiRequest('/api/conflict', { onResponse: (response) => seen.push(response.status) }));
    expect(note.mock.calls).toEqual([['release-of-/api/ok'], ['release-of-/api/conflict']]);
    expect(seen).toEqual([200, 409]);
    // An answer that names none (a proxy's page) is handed in as none.
    stubFetch(() => jsonResponse(200, {}));
    await callEndpoint(renamePart, {
      params: { thingId: '1', name: 'lid' },
      body: { name: 'Lid' },
      onResponse: (response) => seen.push(response.status),
    }).catch(() => undefined);
    expect(note).toHaveBeenLastCalledWith(null);
    expect(seen).toEqual([200, 409, 200]);
    note.mockRestore();
  });
});

describe('callEndpoint', () => {
  it('fills and encodes the path params, sends the method and body, and parses the answer', async () => {
    const fetch = stubFetch(() => jsonResponse(200, { id: 3, name: 'Lid', extra: true }));
    const result = await callEndpoint(renamePart, {
      params: { thingId: 'a b/c', name: 'lid?' },
      query: { dryRun: 'true' },
      body: { name: 'Lid' },
    });
    // The response schema strips what it does not declare.
    expect(result).toEqual({ id: 3, name: 'Lid' });
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(String(url)).toBe('/api/things/a%20b%2Fc/parts/lid%3F?dryRun=true');
    expect(init?.method).toBe('PUT');
    expect(init?.body).toBe('{"name":"Lid"}');
  });

  it('reports an answer that does not match the response schema as PARSING_ERROR', async () => {
    stubFetch(() => jsonResponse(200, { id: 'three' }));
    const error = await failureOf(
      callEndpoint(renamePart, { params: { thingId: '1', name: 'lid' }, body: { name: 'Lid' } }),
    );
    expect((error as RequestError).kind).toBe('PARSING_ERROR');
  });

  it('gives the address of an endpoint for links and streams', () => {
    expect(urlOf(renamePart, { params: { thingId: '7', name: 'a&b' }, query: { dryRun: undefined } })).toBe(
      '/api/things/7/parts/a%26b',
    );
  });
});

describe('dropEmptyStrings', () => {
  it('drops empty-string fields at any depth and keeps everything else', () => {
    expect(
      dropEmptyStrings({
        name: 'Sea bass',
        description: '',
        priceMinor: 0,
        active: false,
        note: ' ',
        imageUrl: null,
        options: [{ name: 'Size', hint: '', choices: [{ name: 'Large', extra: '' }] }],
        tags: ['vegan', ''],
      }),
    ).toEqual({
      name: 'Sea bass',
      priceMinor: 0,
      active: false,
      note: ' ',
      imageUrl: null,
      options: [{ name: 'Size', choices: [{ name: 'Large' }] }],
      tags: ['vegan', ''],
    });
  });

  it('leaves non-objects alone', () => {
    expect(dropEmptyStrings('')).toBe('');
    expect(dropEmptyStrings(null)).toBeNull();
    const date = new Date(0);
    expect(dropEmptyStrings({ at: date }).at).toBe(date);
  });
});
