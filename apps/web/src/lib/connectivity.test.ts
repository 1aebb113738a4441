import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createConnectivity,
  type ReplayTriggerOptions,
  replayWhenBack,
  useConnectivity,
} from './connectivity';

/** A window whose network and visibility the test turns on and off, firing the browser's events. */
function fakeWindow({ onLine = true } = {}) {
  const events = new EventTarget();
  const document = Object.assign(new EventTarget(), {
    visibilityState: 'visible' as DocumentVisibilityState,
  });
  const navigator = { onLine };
  const target = {
    addEventListener: events.addEventListener.bind(events),
    removeEventListener: events.removeEventListener.bind(events),
    navigator,
    document,
    setInterval: (run: () => void, ms: number) => setInterval(run, ms),
    clearInterval: (timer: ReturnType<typeof setInterval>) => clearInterval(timer),
  };
  return {
    target: target as unknown as NonNullable<ReplayTriggerOptions['target']>,
    goOffline() {
      navigator.onLine = false;
      events.dispatchEvent(new Event('offline'));
    },
    goOnline() {
      navigator.onLine = true;
      events.dispatchEvent(new Event('online'));
    },
    show(visible: boolean) {
      document.visibilityState = visible ? 'visible' : 'hidden';
      document.dispatchEvent(new Event('visibilitychange'));
    },
  };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('connectivity', () => {
  it('follows the browser online and offline, saying since when it is offline', () => {
    let now = 1_000;
    const browser = fakeWindow();
    const connectivity = createConnectivity(browser.target, () => now);
    const heard = vi.fn();
    connectivity.subscribe(heard);
    expect(connectivity.getSnapshot()).toEqual({ online: true, offlineSince: null });

    now = 5_000;
    browser.goOffline();
    expect(connectivity.getSnapshot()).toEqual({ online: false, offlineSince: 5_000 });
    const offline = connectivity.getSnapshot();
    // A second "offline" changes nothing: still offline since the first.
    now = 9_000;
    browser.goOffline();
    expect(connectivity.getSnapshot()).toBe(offline);
    expect(heard).toHaveBeenCalledTimes(1);

    browser.goOnline();
    expect(connectivity.getSnapshot()).toEqual({ online: true, offlineSince: null });
    expect(heard).toHaveBeenCalledTimes(2);

    connectivity.stop();
    browser.goOffline();
    expect(heard).toHaveBeenCalledTimes(2);
  });

  it('counts from the page opening when it opens offline', () => {
    const connectivity = createConnectivity(fakeWindow({ onLine: false }).target, () => 42_000);
    expect(connectivity.getSnapshot()).toEqual({ online: false, offlineSince: 42_000 });
    connectivity.stop();
  });

  it('re-renders the screens that use it', () => {
    const browser = fakeWindow();
    const connectivity = createConnectivity(browser.target, () => 7_000);
    const { result } = renderHook(() => useConnectivity(connectivity));
    expect(result.current).toEqual({ online: true, offlineSince: null });
    act(() => browser.goOffline());
    expect(result.current).toEqual({ online: false, offlineSince: 7_000 });
    act(() => browser.goOnline());
    expect(result.current.online).toBe(true);
    connectivity.stop();
  });

  it('follows the page’s own window by default', () => {
    const { result, unmount } = renderHook(() => useConnectivity());
    expect(result.current.online).toBe(navigator.onLine);
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(result.current.online).toBe(false);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(result.current).toEqual({ online: true, offlineSince: null });
    unmount();
  });
});

describe('replay trigger', () => {
  const settle = () => act(async () => undefined);

  it('replays at the start when online, when back online and when the page is shown again', async () => {
    const browser = fakeWindow();
    const replay = vi.fn(async () => undefined);
    const stop = replayWhenBack(replay, { target: browser.target, everyMs: 0 });
    await settle();
    expect(replay).toHaveBeenCalledTimes(1);

    browser.goOffline();
    browser.show(false);
    browser.show(true);
    await settle();
    // Shown again while offline: nothing to try.
    expect(replay).toHaveBeenCalledTimes(1);

    browser.goOnline();
    await settle();
    expect(replay).toHaveBeenCalledTimes(2);

    browser.show(false);
    await settle();
    expect(replay).toHaveBeenCalledTimes(2);
    browser.show(true);
    await settle();
    expect(replay).toHaveBeenCalledTimes(3);

    stop();
    browser.goOffline();
    browser.goOnline();
    browser.show(true);
    await settle();
    expect(replay).toHaveBeenCalledTimes(3);
  });

  it('does not replay at the start when offline, or when told not to', async () => {
    const offline = vi.fn(async () => undefined);
    const stopOffline = replayWhenBack(offline, { target: fakeWindow({ onLine: false }).target, everyMs: 0 });
    const told = vi.fn(async () => undefined);
    const stopTold = replayWhenBack(told, { target: fakeWindow().target, everyMs: 0, atStart: false });
    await settle();
    expect(offline).not.toHaveBeenCalled();
    expect(told).not.toHaveBeenCalled();
    stopOffline();
    stopTold();
  });

  it('tries again every so often while online and shown (a Wi-Fi that reaches nothing fires no event)', async () => {
    vi.useFakeTimers();
    const browser = fakeWindow();
    const replay = vi.fn(async () => undefined);
    const stop = replayWhenBack(replay, { target: browser.target, everyMs: 30_000, atStart: false });
    await vi.advanceTimersByTimeAsync(30_000);
    expect(replay).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(replay).toHaveBeenCalledTimes(2);

    browser.show(false);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(replay).toHaveBeenCalledTimes(2);
    browser.goOffline();
    browser.show(true);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(replay).toHaveBeenCalledTimes(2);

    stop();
    browser.goOnline();
    await vi.advanceTimersByTimeAsync(60_000);
    // The "online" event came after stop: nothing either.
    expect(replay).toHaveBeenCalledTimes(2);
  });

  it('goes on after a replay that failed', async () => {
    const browser = fakeWindow();
    const replay = vi
      .fn<() => Promise<undefined>>()
      .mockRejectedValueOnce(new Error('IndexedDB is not available'))
      .mockResolvedValue(undefined);
    const stop = replayWhenBack(replay, { target: browser.target, everyMs: 0 });
    await settle();
    browser.goOnline();
    browser.goOffline();
    browser.goOnline();
    await settle();
    expect(replay).toHaveBeenCalledTimes(3);
    stop();
  });
});
