import type { TCreatedOrder, TCreateOrderRequest } from '@tavolo/contract/orders';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HttpError, RequestError } from '../../../lib/api-client';
import { errorResponse, jsonResponse, stubFetch } from '../../../testing/fetch-stub';
import {
  isRetryableOrderError,
  type PlaceOrderInput,
  placeOrder,
  placeOrderWithRetries,
} from './place-order';

afterEach(() => vi.unstubAllGlobals());

const body: TCreateOrderRequest = {
  qrToken: 'table-four-code-0123456789',
  items: [{ menuItemId: '00000000-0000-4000-8000-000000000001', quantity: 1 }],
};
const input: PlaceOrderInput = { body, idempotencyKey: '6f1c2f0e-8a43-4b6b-9d3e-5d2b7c1a0e11' };
const created = { id: 'the-order' } as TCreatedOrder;
const noWait = async () => {};

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

describe('placeOrderWithRetries', () => {
  it('tries again with the same key while the network fails, then succeeds', async () => {
    const send = vi
      .fn<(input: PlaceOrderInput) => Promise<TCreatedOrder>>()
      .mockRejectedValueOnce(new RequestError('FETCH_ERROR', 'offline'))
      .mockRejectedValueOnce(new RequestError('TIMEOUT_ERROR', 'slow'))
      .mockResolvedValueOnce(created);
    const wait = vi.fn(noWait);
    await expect(placeOrderWithRetries(input, { send, wait, delays: [10, 20] })).resolves.toBe(created);
    expect(send).toHaveBeenCalledTimes(3);
    for (const [sent] of send.mock.calls) expect(sent.idempotencyKey).toBe(input.idempotencyKey);
    expect(wait.mock.calls).toEqual([[10], [20]]);
  });

  it('waits out a first attempt still running (409 CONFLICT) and a server failure', async () => {
    const send = vi
      .fn<(input: PlaceOrderInput) => Promise<TCreatedOrder>>()
      .mockRejectedValueOnce(
        new HttpError(409, { error: { code: 'CONFLICT', message: 'still being processed' } }),
      )
      .mockRejectedValueOnce(new HttpError(503, null))
      .mockResolvedValueOnce(created);
    await expect(placeOrderWithRetries(input, { send, wait: noWait })).resolves.toBe(created);
    expect(send).toHaveBeenCalledTimes(3);
  });

  it('gives up after the last delay, with the last error', async () => {
    const error = new RequestError('FETCH_ERROR', 'offline');
    const send = vi.fn<(input: PlaceOrderInput) => Promise<TCreatedOrder>>().mockRejectedValue(error);
    await expect(placeOrderWithRetries(input, { send, wait: noWait, delays: [1, 1] })).rejects.toBe(error);
    expect(send).toHaveBeenCalledTimes(3);
  });

  it('does not retry an answer that would come back the same', async () => {
    for (const error of [
      new HttpError(422, { error: { code: 'UNPROCESSABLE', message: 'sold out', fields: {} } }),
      new HttpError(404, { error: { code: 'NOT_FOUND', message: 'dead code' } }),
      new HttpError(429, { error: { code: 'RATE_LIMITED', message: 'slow down' } }),
      new HttpError(409, { error: { code: 'DUPLICATE', message: 'no' } }),
      new RequestError('PARSING_ERROR', 'garbled'),
    ]) {
      const send = vi.fn<(input: PlaceOrderInput) => Promise<TCreatedOrder>>().mockRejectedValue(error);
      await expect(placeOrderWithRetries(input, { send, wait: noWait })).rejects.toBe(error);
      expect(send).toHaveBeenCalledTimes(1);
      expect(isRetryableOrderError(error)).toBe(false);
    }
  });
});
