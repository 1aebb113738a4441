import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeEventSource } from '../testing/fake-event-source';
import { fakeOrder } from '../testing/order-fixtures';
import {
  type EventStreamOptions,
  type StreamName,
  useEventStream,
  withLastEventId,
} from './use-event-stream';

beforeEach(() => {
  FakeEventSource.reset();
  vi.stubGlobal('EventSource', FakeEventSource);
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function open<S extends StreamName>(stream: S, url = '/stream?token=t') {
  const onEvent = vi.fn();
  const onReady = vi.fn();
  const onUnreadable = vi.fn();
  const onClosed = vi.fn();
  const options: EventStreamOptions<S> = { url, stream, onEvent, onReady, onUnreadable, onClosed };
  const hook = renderHook(() => useEventStream(options));
  return { hook, onEvent, onReady, onUnreadable, onClosed };
}

const source = () => FakeEventSource.last ?? (undefined as never);

describe('useEventStream', () => {
  it('is live on ready, and reads only the events its stream carries, with their schemas', () => {
    const { hook, onEvent, onReady, onUnreadable } = open('guestOrder');
    expect(hook.result.current).toBe('connecting');
    act(() => source().emit('ready', {}, 1));
    expect(hook.result.current).toBe('live');
    expect(onReady).toHaveBeenCalledOnce();

    const order = fakeOrder();
    act(() => source().emit('order.updated', { order }, 2));
    expect(onEvent).toHaveBeenCalledWith({ type: 'order.updated', data: { order } });
    // Not a guest stream's event: not even listened to.
    act(() => source().emit('order.created', { order }, 3));
    act(() => source().emit('order.updated', { order: { id: 'nope' } }, 4));
    expect(onEvent).toHaveBeenCalledOnce();
    expect(onUnreadable).toHaveBeenCalledWith('order.updated');
  });

  it('says reconnecting while the browser reopens it, offline when it gives up', () => {
    const { hook, onClosed } = open('restaurant');
    act(() => source().fail());
    expect(hook.result.current).toBe('reconnecting');
    act(() => source().emit('ready', {}));
    expect(hook.result.current).toBe('live');
    act(() => source().fail({ closed: true }));
    expect(hook.result.current).toBe('offline');
    expect(onClosed).toHaveBeenCalledOnce();
  });

  it('reopens by itself after growing delays, resuming after the last event seen', () => {
    vi.useFakeTimers();
    open('restaurant');
    act(() => source().emit('ready', {}, 41));
    act(() => source().emit('menu.updated', { reason: 'item.sold_out' }, 46));
    act(() => source().fail({ closed: true }));
    act(() => vi.advanceTimersByTime(1_999));
    expect(FakeEventSource.instances).toHaveLength(1);
    act(() => vi.advanceTimersByTime(1));
    expect(FakeEventSource.instances).toHaveLength(2);
    expect(source().url).toBe('/stream?token=t&lastEventId=46');
    // Refused again: the next try waits longer.
    act(() => source().fail({ closed: true }));
    act(() => vi.advanceTimersByTime(2_000));
    expect(FakeEventSource.instances).toHaveLength(2);
    act(() => vi.advanceTimersByTime(3_000));
    expect(FakeEventSource.instances).toHaveLength(3);
  });

  it('reopens at once when the device comes back online', () => {
    vi.useFakeTimers();
    open('guestOrder');
    act(() => source().fail({ closed: true }));
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(FakeEventSource.instances).toHaveLength(2);
    // The timer it had set does not open a third.
    act(() => vi.advanceTimersByTime(30_000));
    expect(FakeEventSource.instances).toHaveLength(2);
  });

  it('closes the stream when the device goes offline, and resumes after the last event when it is back', () => {
    vi.useFakeTimers();
    const { hook } = open('restaurant');
    act(() => source().emit('ready', {}, 41));
    act(() => source().emit('menu.updated', { reason: 'item.sold_out' }, 46));
    const dropped = source();
    // The socket of a dropped Wi-Fi may stay open and silent: the stream does not wait for it.
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(dropped.readyState).toBe(FakeEventSource.CLOSED);
    expect(hook.result.current).toBe('offline');
    // Nothing is opened while offline, whatever the time.
    act(() => vi.advanceTimersByTime(60_000));
    expect(FakeEventSource.instances).toHaveLength(1);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(FakeEventSource.instances).toHaveLength(2);
    expect(source().url).toBe('/stream?token=t&lastEventId=46');
    act(() => source().emit('ready', {}));
    expect(hook.result.current).toBe('live');
  });

  it('closes the stream when it goes away, and opens nothing without a url', () => {
    const { hook } = open('restaurant');
    const opened = source();
    hook.unmount();
    expect(opened.readyState).toBe(FakeEventSource.CLOSED);
    FakeEventSource.reset();
    renderHook(() => useEventStream({ url: undefined, stream: 'restaurant', onEvent: () => {} }));
    expect(FakeEventSource.instances).toHaveLength(0);
  });

  it('adds lastEventId to the address, keeping its query', () => {
    expect(withLastEventId('/s', '')).toBe('/s');
    expect(withLastEventId('/s', '7')).toBe('/s?lastEventId=7');
    expect(withLastEventId('/s?guestToken=a%2Fb', '7')).toBe('/s?guestToken=a%2Fb&lastEventId=7');
  });
});
