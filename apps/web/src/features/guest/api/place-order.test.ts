import { QueryClientProvider } from '@tanstack/react-query';
import type { TCreateOrderRequest } from '@tavolo/contract/orders';
import { act, renderHook, waitFor } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpError, RequestError } from '../../../lib/api-client';
import { createQueryClient } from '../../../lib/query-client';
import { errorResponse, jsonResponse, stubFetch } from '../../../testing/fetch-stub';
import { fakeOrder } from '../../../testing/order-fixtures';
import {
  isRetryableOrderError,
  type PlaceOrderInput,
  placeOrder,
  placeOrderRetryDelay,
  shouldRetryPlaceOrder,
  usePlaceOrder,
} from './place-order';

beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const body: TCreateOrderRequest = {
  qrToken: 'table-four-code-0123456789',
  items: [{ menuItemId: '00000000-0000-4000-8000-000000000001', quantity: 1 }],
};
const input: PlaceOrderInput = { body, idempotencyKey: '6f1c2f0e-8a43-4b6b-9d3e-5d2b7c1a0e11' };
const created = { ...fakeOrder(), guestToken: 'guest-token-0123456789' };

/** Answers each attempt in turn: a Response, or an error thrown by fetch. */
function stubAttempts(...answers: (Response | Error)[]) {
  let attempt = 0;
  return stubFetch(() => {
    const answer = answers[Math.min(attempt, answers.length - 1)];
    attempt += 1;
    return answer instanceof Error ? Promise.reject(answer) : (answer ?? jsonResponse(500, {})).clone();
  });
}

function renderPlaceOrder() {
  const queryClient = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) =>
    createElement(QueryClientProvider, { client: queryClient }, children);
  return renderHook(() => usePlaceOrder(), { wrapper });
}

const keysSent = (fetch: ReturnType<typeof stubFetch>) =>
  fetch.mock.calls.map(([, init]) => new Headers(init?.headers).get('idempotency-key'));

describe('placeOrder', () => {
  it('sends the Idempotency-Key header and the body as it is', async () => {
    const fetch = stubFetch(({ url }) =>
      url.pathname === '/api/orders'
        ? errorResponse(429, 'RATE_LIMITED', 'Slow down')
        : jsonResponse(404, {}),
    );
    await expect(placeOrder(input)).rejects.toBeInstanceOf(HttpError);
    const init = fetch.mock.calls[0]?.[1] ?? {};
    expect((init.headers as Record<string, string>)['idempotency-key']).toBe(input.idempotencyKey);
    expect(JSON.parse(String(init.body))).toEqual(body);
    expect(init.method).toBe('POST');
  });
});

describe('usePlaceOrder retries', () => {
  it('tries again with the same key after a network failure and a first attempt still running', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetch = stubAttempts(
      new TypeError('Failed to fetch'),
      errorResponse(409, 'CONFLICT', 'still being processed'),
      jsonResponse(201, created),
    );
    const { result } = renderPlaceOrder();
    act(() => result.current.mutate(input));
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data?.id).toBe(created.id);
    expect(keysSent(fetch)).toEqual([input.idempotencyKey, input.idempotencyKey, input.idempotencyKey]);
  });

  it('gives up after two more attempts, with the last error', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetch = stubAttempts(errorResponse(503, 'INTERNAL', 'down'));
    const { result } = renderPlaceOrder();
    act(() => result.current.mutate(input));
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(fetch).toHaveBeenCalledTimes(3);
    expect((result.current.error as HttpError).status).toBe(503);
  });

  it('does not retry an answer that would come back the same', async () => {
    const fetch = stubAttempts(errorResponse(422, 'UNPROCESSABLE', 'sold out'), jsonResponse(201, created));
    const { result } = renderPlaceOrder();
    act(() => result.current.mutate(input));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('waits 1 s, then 3 s, and only for failures that may pass', () => {
    expect([0, 1].map(placeOrderRetryDelay)).toEqual([1_000, 3_000]);
    const offline = new RequestError('FETCH_ERROR', 'offline');
    expect(shouldRetryPlaceOrder(0, offline)).toBe(true);
    expect(shouldRetryPlaceOrder(1, new RequestError('TIMEOUT_ERROR', 'slow'))).toBe(true);
    expect(shouldRetryPlaceOrder(1, new HttpError(503, null))).toBe(true);
    expect(shouldRetryPlaceOrder(2, offline)).toBe(false);
    for (const error of [
      new HttpError(422, { error: { code: 'UNPROCESSABLE', message: 'sold out', fields: {} } }),
      new HttpError(404, { error: { code: 'NOT_FOUND', message: 'dead code' } }),
      new HttpError(429, { error: { code: 'RATE_LIMITED', message: 'slow down' } }),
      new HttpError(409, { error: { code: 'DUPLICATE', message: 'no' } }),
      new RequestError('PARSING_ERROR', 'garbled'),
    ]) {
      expect(isRetryableOrderError(error)).toBe(false);
      expect(shouldRetryPlaceOrder(0, error)).toBe(false);
    }
  });
});
