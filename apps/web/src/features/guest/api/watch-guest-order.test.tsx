import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { FakeEventSource } from '../../../testing/fake-event-source';
import { jsonResponse, stubFetch } from '../../../testing/fetch-stub';
import { fakeOrder, movedOrder } from '../../../testing/order-fixtures';
import { useGuestOrder } from './get-guest-order';
import { useGuestOrderStream } from './watch-guest-order';

const placed = fakeOrder({ createdAt: '2025-03-14T18:00:00.000Z' });
const accepted = movedOrder(placed, 'accepted', '2025-03-14T18:01:00.000Z');
const preparing = movedOrder(accepted, 'preparing', '2025-03-14T18:02:00.000Z');

beforeEach(() => {
  FakeEventSource.reset();
  vi.stubGlobal('EventSource', FakeEventSource);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The guest's order page: the order's query and its stream; `answers` are what the server reads, in turn. */
function setup(answers: (() => Promise<Response> | Response)[]) {
  let call = 0;
  const fetch = stubFetch(() => {
    const answer = answers[Math.min(call, answers.length - 1)];
    call += 1;
    return answer ? answer() : jsonResponse(404, {});
  });
  const queryClient = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const hook = renderHook(
    () => {
      const state = useGuestOrderStream(placed.id, 'secret');
      return { state, order: useGuestOrder(placed.id, 'secret', { live: state === 'live' }).data };
    },
    { wrapper },
  );
  const stream = () => FakeEventSource.last ?? (undefined as never);
  return { hook, fetch, stream, queryClient };
}

describe('useGuestOrderStream', () => {
  it('never lets an older version from the stream replace the order shown', async () => {
    const { hook, stream } = setup([() => jsonResponse(200, accepted)]);
    await waitFor(() => expect(hook.result.current.order?.status).toBe('accepted'));
    act(() => stream().emit('order.updated', { order: preparing }, 5));
    await waitFor(() => expect(hook.result.current.order?.status).toBe('preparing'));
    act(() =>
      stream().emit('order.updated', { order: { ...accepted, updatedAt: '2025-03-14T19:00:00.000Z' } }, 6),
    );
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(hook.result.current.order?.version).toBe(preparing.version);
  });

  it('never lets an answer read before an update undo it', async () => {
    let release: (response: Response) => void = () => {};
    const { hook, stream, fetch, queryClient } = setup([
      () => jsonResponse(200, placed),
      () =>
        new Promise<Response>((resolve) => {
          release = resolve;
        }),
    ]);
    await waitFor(() => expect(hook.result.current.order?.status).toBe('pending'));
    // ready refetches; the server reads the order, then it moves on and the event comes first.
    act(() => stream().emit('ready', {}, 1));
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    act(() => stream().emit('order.updated', { order: accepted }, 2));
    await waitFor(() => expect(hook.result.current.order?.status).toBe('accepted'));
    act(() => release(jsonResponse(200, placed)));
    // Wait for the stale answer to have been handled (no fetch left in flight), not for a while.
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(hook.result.current.order?.status).toBe('accepted');
  });
});
