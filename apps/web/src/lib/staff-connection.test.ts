import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createConnectivity } from './connectivity';
import {
  connectionOf,
  createStaffConnection,
  OFFLINE_GRACE_MS,
  type StaffConnection,
  useStaffConnection,
} from './staff-connection';

/** A window whose network the test turns off and on, firing the browser's events. */
function fakeWindow() {
  const events = new EventTarget();
  const navigator = { onLine: true };
  return {
    target: {
      addEventListener: events.addEventListener.bind(events),
      removeEventListener: events.removeEventListener.bind(events),
      navigator,
    },
    goOffline() {
      navigator.onLine = false;
      events.dispatchEvent(new Event('offline'));
    },
    goOnline() {
      navigator.onLine = true;
      events.dispatchEvent(new Event('online'));
    },
  };
}

const T0 = Date.parse('2026-05-01T19:00:00Z');
let connection: StaffConnection;
let window: ReturnType<typeof fakeWindow>;

beforeEach(() => {
  vi.useFakeTimers({ now: T0 });
  window = fakeWindow();
  connection = createStaffConnection(createConnectivity(window.target));
});

afterEach(() => {
  connection.stop();
  vi.useRealTimers();
});

describe('the staff screens’ connection', () => {
  it('is offline at once when the browser says so, counting from then, and online when it is back', () => {
    expect(connection.getSnapshot()).toEqual({ online: true, offlineSince: null, reachable: true });
    vi.advanceTimersByTime(1_000);
    window.goOffline();
    expect(connection.getSnapshot()).toEqual({ online: false, offlineSince: T0 + 1_000, reachable: false });
    vi.advanceTimersByTime(40_000);
    expect(connection.getSnapshot().offlineSince).toBe(T0 + 1_000);
    window.goOnline();
    expect(connection.getSnapshot()).toEqual({ online: true, offlineSince: null, reachable: true });
  });

  it('counts a stream that cannot get through after a few seconds, from when it dropped', () => {
    const changes = vi.fn();
    connection.subscribe(changes);
    connection.noteStream(false);
    // Not reachable at once (the moment to send nothing), not yet shown offline: a blip may pass.
    expect(connection.getSnapshot()).toEqual({ online: true, offlineSince: null, reachable: false });
    vi.advanceTimersByTime(OFFLINE_GRACE_MS - 1);
    expect(connection.getSnapshot().online).toBe(true);
    vi.advanceTimersByTime(1);
    expect(connection.getSnapshot()).toEqual({ online: false, offlineSince: T0, reachable: false });
    // A stream that drops again while down keeps its first time.
    connection.noteStream(false);
    expect(connection.getSnapshot().offlineSince).toBe(T0);
    connection.noteStream(true);
    expect(connection.getSnapshot()).toEqual({ online: true, offlineSince: null, reachable: true });
    expect(changes).toHaveBeenCalledTimes(3);
  });

  it('counts requests that get no answer the same way, until one gets through', () => {
    connection.noteRequest(false);
    vi.advanceTimersByTime(OFFLINE_GRACE_MS + 5_000);
    expect(connection.getSnapshot()).toEqual({ online: false, offlineSince: T0, reachable: false });
    connection.noteRequest(false);
    expect(connection.getSnapshot().offlineSince).toBe(T0);
    connection.noteRequest(true);
    expect(connection.getSnapshot().online).toBe(true);
  });

  it('takes the earliest sign as the start of the drop, and is back only when every sign is good', () => {
    connection.noteStream(false);
    vi.advanceTimersByTime(2_000);
    window.goOffline();
    expect(connection.getSnapshot().offlineSince).toBe(T0);
    vi.advanceTimersByTime(30_000);
    window.goOnline();
    // The browser is back, the stream not yet: still offline, from the same moment.
    expect(connection.getSnapshot()).toEqual({ online: false, offlineSince: T0, reachable: false });
    connection.noteStream(true);
    expect(connection.getSnapshot()).toEqual({ online: true, offlineSince: null, reachable: true });
  });

  it('forgets failed requests when the browser comes back online (the next one tells)', () => {
    window.goOffline();
    connection.noteRequest(false);
    window.goOnline();
    expect(connection.getSnapshot()).toEqual({ online: true, offlineSince: null, reachable: true });
  });

  it('re-renders the screens that use it when it changes', () => {
    const { result } = renderHook(() => useStaffConnection(connection));
    expect(result.current.online).toBe(true);
    act(() => window.goOffline());
    expect(result.current).toEqual({ online: false, offlineSince: T0, reachable: false });
  });
});

describe('connectionOf', () => {
  const online = { online: true, offlineSince: null };
  it('says what the signs say at a moment', () => {
    expect(connectionOf({ browser: online, streamDownSince: null, requestsFailingSince: null }, T0)).toEqual({
      online: true,
      offlineSince: null,
      reachable: true,
    });
    expect(
      connectionOf({ browser: online, streamDownSince: T0, requestsFailingSince: T0 - 10_000 }, T0),
    ).toEqual({ online: false, offlineSince: T0 - 10_000, reachable: false });
    expect(
      connectionOf(
        {
          browser: { online: false, offlineSince: T0 - 1_000 },
          streamDownSince: null,
          requestsFailingSince: null,
        },
        T0,
      ),
    ).toEqual({ online: false, offlineSince: T0 - 1_000, reachable: false });
  });
});
