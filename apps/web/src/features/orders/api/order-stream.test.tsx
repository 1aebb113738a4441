import { QueryClientProvider } from '@tanstack/react-query';
import type { TOrder } from '@tavolo/contract/orders';
import type { TServiceRequest } from '@tavolo/contract/table-service';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentOrdersQueryKey, useCurrentOrders } from '../../../lib/current-orders';
import { CurrentSessionProvider } from '../../../lib/current-session';
import { createQueryClient } from '../../../lib/query-client';
import { tableBillListQueryKey } from '../../../lib/table-bills';
import { FakeEventSource } from '../../../testing/fake-event-source';
import { jsonResponse, ME, stubFetch } from '../../../testing/fetch-stub';
import { fakeOrder, movedOrder } from '../../../testing/order-fixtures';
import { fakeBillSummary, fakeServiceRequest } from '../../../testing/table-service-staff-fixtures';
import { orderQueryKey } from './get-order';
import { openServiceRequestsQueryKey, useOpenServiceRequests } from './get-service-requests';
import { useOrderStream } from './order-stream';

const RID = ME.restaurantId;
const first = fakeOrder({ createdAt: '2025-03-14T18:00:00.000Z' });

beforeEach(() => {
  FakeEventSource.reset();
  vi.stubGlobal('EventSource', FakeEventSource);
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function setup(board: TOrder[] = [first]) {
  const fetch = stubFetch(({ url }) => {
    if (url.pathname === `/api/orders/restaurant/${RID}`) {
      return jsonResponse(200, { items: board, total: board.length, page: 1, pageSize: 100 });
    }
    return jsonResponse(404, {});
  });
  const queryClient = createQueryClient();
  const onOrderCreated = vi.fn();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <CurrentSessionProvider session={ME}>{children}</CurrentSessionProvider>
    </QueryClientProvider>
  );
  const hook = renderHook(
    () => {
      const orders = useCurrentOrders();
      const status = useOrderStream({ onOrderCreated });
      return { orders: orders.data, status };
    },
    { wrapper },
  );
  const boardCalls = () =>
    fetch.mock.calls.filter(([url]) => String(url).startsWith(`/api/orders/restaurant/${RID}?`)).length;
  return { hook, queryClient, onOrderCreated, boardCalls };
}

const source = () => {
  const last = FakeEventSource.last;
  if (!last) throw new Error('no EventSource');
  return last;
};

describe('useOrderStream', () => {
  it('opens the restaurant stream and says "live" once the server is ready', async () => {
    const { hook } = setup();
    expect(hook.result.current.status).toBe('connecting');
    expect(source().url).toBe('/api/orders/stream');
    expect(source().withCredentials).toBe(true);
    act(() => source().emit('ready', {}, 41));
    expect(hook.result.current.status).toBe('live');
  });

  it('adds a created order to the board and reports it once, even when replayed', async () => {
    const { hook, onOrderCreated } = setup();
    await waitFor(() => expect(hook.result.current.orders).toHaveLength(1));
    const placed = fakeOrder({ createdAt: '2025-03-14T18:05:00.000Z', customerName: 'Anna' });
    act(() => source().emit('order.created', { order: placed }, 42));
    // The query cache tells its observers on the next tick.
    await waitFor(() =>
      expect(hook.result.current.orders?.map((order) => order.id)).toEqual([placed.id, first.id]),
    );
    expect(onOrderCreated).toHaveBeenCalledTimes(1);
    expect(onOrderCreated).toHaveBeenCalledWith(placed);
    act(() => source().emit('order.created', { order: placed }, 42));
    expect(onOrderCreated).toHaveBeenCalledTimes(1);
    expect(hook.result.current.orders).toHaveLength(2);
  });

  it('applies updates, drops final orders and refreshes an open order’s details', async () => {
    const { hook, queryClient } = setup();
    await waitFor(() => expect(hook.result.current.orders).toHaveLength(1));
    queryClient.setQueryData(orderQueryKey(RID, first.id), first);

    const accepted = movedOrder(first, 'accepted', '2025-03-14T18:01:00.000Z');
    act(() => source().emit('order.updated', { order: accepted }, 43));
    await waitFor(() => expect(hook.result.current.orders?.[0]?.status).toBe('accepted'));
    expect(queryClient.getQueryData<TOrder>(orderQueryKey(RID, first.id))?.status).toBe('accepted');

    const cancelled = movedOrder(accepted, 'cancelled', '2025-03-14T18:02:00.000Z', 'Guest left');
    act(() => source().emit('order.updated', { order: cancelled }, 44));
    await waitFor(() => expect(hook.result.current.orders).toEqual([]));
    expect(queryClient.getQueryData<TOrder>(orderQueryKey(RID, first.id))?.status).toBe('cancelled');
  });

  it('ignores what it cannot read, and reloads the list instead', async () => {
    const { hook, boardCalls } = setup();
    await waitFor(() => expect(hook.result.current.orders).toHaveLength(1));
    act(() => source().emit('order.created', { order: { id: 'nope' } }, 45));
    expect(hook.result.current.orders).toHaveLength(1);
    await waitFor(() => expect(boardCalls()).toBe(2));
  });

  it('says "reconnecting" when the stream drops, and reloads the board once it is back', async () => {
    const { hook, boardCalls } = setup();
    await waitFor(() => expect(hook.result.current.orders).toHaveLength(1));
    expect(boardCalls()).toBe(1);
    // The list came before the stream subscribed (or from an earlier visit): ready reloads it.
    act(() => source().emit('ready', {}, 41));
    await waitFor(() => expect(boardCalls()).toBe(2));

    act(() => source().fail());
    expect(hook.result.current.status).toBe('reconnecting');
    // The browser reconnects by itself (same EventSource) and the server replays, then says ready.
    act(() => source().emit('ready', {}));
    expect(hook.result.current.status).toBe('live');
    await waitFor(() => expect(boardCalls()).toBe(3));
    expect(FakeEventSource.instances).toHaveLength(1);
  });

  it('opens a new stream itself when the browser gives up, resuming from the last event', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { hook } = setup();
    act(() => source().emit('ready', {}, 41));
    act(() => source().emit('order.created', { order: fakeOrder() }, 46));
    const firstSource = source();
    act(() => firstSource.fail({ closed: true }));
    expect(hook.result.current.status).toBe('reconnecting');
    expect(FakeEventSource.instances).toHaveLength(1);
    act(() => vi.advanceTimersByTime(2_000));
    expect(FakeEventSource.instances).toHaveLength(2);
    expect(source().url).toBe('/api/orders/stream?lastEventId=46');
    act(() => source().emit('ready', {}));
    expect(hook.result.current.status).toBe('live');
  });

  it('closes the stream when the board goes away', () => {
    const { hook } = setup();
    const opened = source();
    hook.unmount();
    expect(opened.readyState).toBe(FakeEventSource.CLOSED);
  });

  it('keeps events that arrive while the list loads', async () => {
    let release: (response: Response) => void = () => {};
    stubFetch(
      () =>
        new Promise<Response>((resolve) => {
          release = resolve;
        }),
    );
    const queryClient = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>
        <CurrentSessionProvider session={ME}>{children}</CurrentSessionProvider>
      </QueryClientProvider>
    );
    const hook = renderHook(
      () => {
        useOrderStream();
        return useCurrentOrders().data;
      },
      { wrapper },
    );
    // The list was read before this order existed; its event arrives before the answer.
    const placed = fakeOrder({ createdAt: '2025-03-14T18:09:00.000Z' });
    const accepted = movedOrder(first, 'accepted', '2025-03-14T18:03:00.000Z');
    act(() => source().emit('order.created', { order: placed }, 50));
    act(() => source().emit('order.updated', { order: accepted }, 51));
    expect(queryClient.getQueryData(currentOrdersQueryKey(RID))).toBeUndefined();
    release(jsonResponse(200, { items: [first], total: 1, page: 1, pageSize: 100 }));
    await waitFor(() => expect(hook.result.current).toHaveLength(2));
    expect(hook.result.current?.map((order) => [order.id, order.status])).toEqual([
      [placed.id, 'pending'],
      [first.id, 'accepted'],
    ]);
  });

  it('never lets an older version from the stream replace a newer one, on the board or in the details', async () => {
    const { hook, queryClient } = setup();
    await waitFor(() => expect(hook.result.current.orders).toHaveLength(1));
    const accepted = movedOrder(first, 'accepted', '2025-03-14T18:01:00.000Z');
    const preparing = movedOrder(accepted, 'preparing', '2025-03-14T18:02:00.000Z');
    queryClient.setQueryData(orderQueryKey(RID, first.id), preparing);
    act(() => source().emit('order.updated', { order: preparing }, 60));
    await waitFor(() => expect(hook.result.current.orders?.[0]?.status).toBe('preparing'));
    // A late copy of an earlier change, stamped later by a clock ahead: still the older version.
    act(() =>
      source().emit('order.updated', { order: { ...accepted, updatedAt: '2025-03-14T19:00:00.000Z' } }, 61),
    );
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(hook.result.current.orders?.[0]?.status).toBe('preparing');
    expect(queryClient.getQueryData<TOrder>(orderQueryKey(RID, first.id))?.version).toBe(preparing.version);
  });

  it('keeps events that arrive while the list reloads, and the newer copy of each order', async () => {
    let release: (response: Response) => void = () => {};
    let calls = 0;
    const accepted = movedOrder(first, 'accepted', '2025-03-14T18:03:00.000Z');
    stubFetch(() => {
      calls += 1;
      if (calls === 1) return jsonResponse(200, { items: [first], total: 1, page: 1, pageSize: 100 });
      return new Promise<Response>((resolve) => {
        release = resolve;
      });
    });
    const queryClient = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>
        <CurrentSessionProvider session={ME}>{children}</CurrentSessionProvider>
      </QueryClientProvider>
    );
    const hook = renderHook(
      () => {
        useOrderStream();
        return useCurrentOrders().data;
      },
      { wrapper },
    );
    await waitFor(() => expect(hook.result.current).toHaveLength(1));
    // ready reloads the list; the server reads it before the next two changes.
    act(() => source().emit('ready', {}, 70));
    await waitFor(() => expect(calls).toBe(2));
    const placed = fakeOrder({ createdAt: '2025-03-14T18:09:00.000Z' });
    act(() => source().emit('order.created', { order: placed }, 71));
    act(() => source().emit('order.updated', { order: accepted }, 72));
    release(jsonResponse(200, { items: [first], total: 1, page: 1, pageSize: 100 }));
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    await waitFor(() =>
      expect(hook.result.current?.map((order) => [order.id, order.status])).toEqual([
        [placed.id, 'pending'],
        [first.id, 'accepted'],
      ]),
    );
  });

  it('puts the tables’ calls into the open requests and tells of new ones once', async () => {
    const queryClient = createQueryClient();
    stubFetch(() => jsonResponse(200, { items: [], total: 0, page: 1, pageSize: 100 }));
    queryClient.setQueryData<TServiceRequest[]>(openServiceRequestsQueryKey(RID), []);
    const onServiceRequestCreated = vi.fn();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>
        <CurrentSessionProvider session={ME}>{children}</CurrentSessionProvider>
      </QueryClientProvider>
    );
    renderHook(() => useOrderStream({ onServiceRequestCreated }), { wrapper });
    const call = fakeServiceRequest({ tableNumber: 3 });
    act(() => source().emit('service_request.created', { request: call }, 80));
    act(() => source().emit('service_request.created', { request: call }, 80));
    expect(queryClient.getQueryData(openServiceRequestsQueryKey(RID))).toEqual([call]);
    expect(onServiceRequestCreated).toHaveBeenCalledTimes(1);
    act(() => source().emit('service_request.updated', { request: { ...call, status: 'acknowledged' } }, 81));
    expect(queryClient.getQueryData(openServiceRequestsQueryKey(RID))).toEqual([]);
    expect(onServiceRequestCreated).toHaveBeenCalledTimes(1);
  });

  it('marks the bills stale on bill.updated, and tells of a visit that ended', async () => {
    const queryClient = createQueryClient();
    stubFetch(() => jsonResponse(200, { items: [], total: 0, page: 1, pageSize: 100 }));
    queryClient.setQueryData(tableBillListQueryKey(RID), { currency: 'EUR', items: [] });
    const onBillClosed = vi.fn();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>
        <CurrentSessionProvider session={ME}>{children}</CurrentSessionProvider>
      </QueryClientProvider>
    );
    renderHook(() => useOrderStream({ onBillClosed }), { wrapper });
    const bill = fakeBillSummary();
    const moved = { ...bill, paidMinor: 1000, dueMinor: 3200, closed: false };
    act(() => source().emit('bill.updated', moved, 90));
    expect(queryClient.getQueryState(tableBillListQueryKey(RID))?.isInvalidated).toBe(true);
    expect(onBillClosed).not.toHaveBeenCalled();
    act(() => source().emit('bill.updated', { ...moved, paidMinor: 4200, dueMinor: 0, closed: true }, 91));
    expect(onBillClosed).toHaveBeenCalledWith(
      expect.objectContaining({ tableId: bill.tableId, closed: true }),
    );
  });

  it('keeps a call that arrives while the requests load', async () => {
    const call = fakeServiceRequest({ tableNumber: 6 });
    let answers = 0;
    let release: (response: Response) => void = () => {};
    stubFetch(({ url }) => {
      if (url.pathname !== '/api/service-requests') return jsonResponse(404, {});
      answers += 1;
      // The first answer was read before the call existed, and comes after its event.
      if (answers === 1)
        return new Promise<Response>((resolve) => {
          release = resolve;
        });
      return jsonResponse(200, { items: [call] });
    });
    const queryClient = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>
        <CurrentSessionProvider session={ME}>{children}</CurrentSessionProvider>
      </QueryClientProvider>
    );
    const hook = renderHook(
      () => {
        useOrderStream();
        return useOpenServiceRequests().data;
      },
      { wrapper },
    );
    await waitFor(() => expect(answers).toBe(1));
    act(() => source().emit('service_request.created', { request: call }, 95));
    release(jsonResponse(200, { items: [] }));
    await waitFor(() => expect(hook.result.current?.map((request) => request.id)).toEqual([call.id]));
  });
});
