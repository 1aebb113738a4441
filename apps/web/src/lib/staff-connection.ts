import { useSyncExternalStore } from 'react';
import { type Connectivity, type ConnectivitySnapshot, getConnectivity } from './connectivity';

/**
 * Whether the staff screens can reach the server, and since when they cannot ("offline for 40 s").
 * The browser's word alone (connectivity.ts) misses a Wi-Fi that reaches nothing and a server
 * restarting behind its proxy, so two more signs count: the dashboard's live stream that cannot get
 * through, and requests that get no answer. Those two count once they last a few seconds (a stream
 * the server ends for a role change reconnects within three), the browser's at once. Decision 042.
 */

/** A stream or requests failing for less than this is a blip, not "offline". */
export const OFFLINE_GRACE_MS = 3_000;

export interface StaffConnectionSnapshot {
  /** False while the screens are shown offline. */
  online: boolean;
  /** Since when (ms since the epoch) they are offline; null while online. */
  offlineSince: number | null;
  /** Every sign is good right now (no grace): the moment to send what waits and read again. */
  reachable: boolean;
}

export interface StaffConnection {
  subscribe(listener: () => void): () => void;
  getSnapshot(): StaffConnectionSnapshot;
  /** The live stream is up (its ready came) or down (an error, or the browser gave up on it). */
  noteStream(up: boolean): void;
  /** A request got an answer, or none (see setReachListener in api-client.ts). */
  noteRequest(reached: boolean): void;
  /** Stops listening (tests). */
  stop(): void;
}

export interface Signs {
  browser: ConnectivitySnapshot;
  /** When the stream went down; null while it is up (or there is none). */
  streamDownSince: number | null;
  /** When requests began to get no answer; null since the last one that did. */
  requestsFailingSince: number | null;
}

const ONLINE: StaffConnectionSnapshot = { online: true, offlineSince: null, reachable: true };

/** What the signs say at `now`: offline when the browser says so, or a stream or requests fail past the grace. */
export function connectionOf(signs: Signs, now: number): StaffConnectionSnapshot {
  const { browser, streamDownSince, requestsFailingSince } = signs;
  const failing = [streamDownSince, requestsFailingSince].filter((since): since is number => since !== null);
  const reachable = browser.online && failing.length === 0;
  const offline = !browser.online || failing.some((since) => now - since >= OFFLINE_GRACE_MS);
  if (!offline) return reachable ? ONLINE : { online: true, offlineSince: null, reachable };
  const since = [browser.offlineSince, ...failing].filter((at): at is number => at !== null);
  return { online: false, offlineSince: since.length > 0 ? Math.min(...since) : now, reachable: false };
}

/** When the graced signs will next change what connectionOf says, if nothing else happens. */
function nextGraceEnd(signs: Signs, now: number): number | null {
  const ends = [signs.streamDownSince, signs.requestsFailingSince]
    .filter((since): since is number => since !== null)
    .map((since) => since + OFFLINE_GRACE_MS)
    .filter((end) => end > now);
  return ends.length > 0 ? Math.min(...ends) : null;
}

export function createStaffConnection(
  connectivity: Connectivity,
  { now = Date.now, setTimer = setTimeout, clearTimer = clearTimeout } = {},
): StaffConnection {
  let streamDownSince: number | null = null;
  let requestsFailingSince: number | null = null;
  let browser = connectivity.getSnapshot();
  let snapshot = connectionOf({ browser, streamDownSince, requestsFailingSince }, now());
  let timer: ReturnType<typeof setTimeout> | undefined;
  const listeners = new Set<() => void>();

  const update = () => {
    const at = now();
    const signs = { browser, streamDownSince, requestsFailingSince };
    const next = connectionOf(signs, at);
    clearTimer(timer);
    const end = nextGraceEnd(signs, at);
    timer = end === null ? undefined : setTimer(update, end - at);
    if (
      next.online === snapshot.online &&
      next.offlineSince === snapshot.offlineSince &&
      next.reachable === snapshot.reachable
    )
      return;
    snapshot = next;
    for (const listener of listeners) listener();
  };

  const unsubscribe = connectivity.subscribe(() => {
    const was = browser;
    browser = connectivity.getSnapshot();
    // Back on the network: requests that failed before say nothing about now (the next one tells).
    if (browser.online && !was.online) requestsFailingSince = null;
    update();
  });

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    getSnapshot: () => snapshot,
    noteStream(up) {
      if (up) streamDownSince = null;
      else streamDownSince ??= now();
      update();
    },
    noteRequest(reached) {
      if (reached) requestsFailingSince = null;
      else requestsFailingSince ??= now();
      update();
    },
    stop() {
      unsubscribe();
      clearTimer(timer);
      listeners.clear();
    },
  };
}

let pageConnection: StaffConnection | undefined;

/** The page's one staff connection, following the browser from its first use on. */
export function getStaffConnection(): StaffConnection {
  pageConnection ??= createStaffConnection(getConnectivity());
  return pageConnection;
}

/** Online or not (and since when not), as the staff screens show it; re-renders when it changes. */
export function useStaffConnection(
  connection: StaffConnection = getStaffConnection(),
): StaffConnectionSnapshot {
  return useSyncExternalStore(connection.subscribe, connection.getSnapshot, () => ONLINE);
}
