import { useSyncExternalStore } from 'react';

/**
 * Whether the browser says it has a network, and since when it has not ("offline for 40 s"). The
 * browser knows only about its own link: `online` may be true on a Wi-Fi that reaches nothing, which
 * the offline queue's replay finds out by trying. Decision 040.
 */

export interface ConnectivitySnapshot {
  online: boolean;
  /** When the browser went offline (ms since the epoch; the page's start when it opened offline); null while online. */
  offlineSince: number | null;
}

type ConnectivityWindow = Pick<Window, 'addEventListener' | 'removeEventListener'> & {
  navigator: Pick<Navigator, 'onLine'>;
};

export interface Connectivity {
  subscribe(listener: () => void): () => void;
  getSnapshot(): ConnectivitySnapshot;
  /** Stops listening to the window (tests; the page's own lasts as long as the page). */
  stop(): void;
}

const ONLINE: ConnectivitySnapshot = { online: true, offlineSince: null };

export function createConnectivity(
  target: ConnectivityWindow = window,
  now: () => number = Date.now,
): Connectivity {
  let snapshot: ConnectivitySnapshot = target.navigator.onLine
    ? ONLINE
    : { online: false, offlineSince: now() };
  const listeners = new Set<() => void>();

  const set = (online: boolean) => {
    if (online === snapshot.online) return;
    snapshot = online ? ONLINE : { online: false, offlineSince: now() };
    for (const listener of listeners) listener();
  };
  // The event says which way it went: reading navigator.onLine again could already say otherwise.
  const goOnline = () => set(true);
  const goOffline = () => set(false);
  target.addEventListener('online', goOnline);
  target.addEventListener('offline', goOffline);

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    getSnapshot: () => snapshot,
    stop() {
      target.removeEventListener('online', goOnline);
      target.removeEventListener('offline', goOffline);
      listeners.clear();
    },
  };
}

let pageConnectivity: Connectivity | undefined;

/** The page's one connectivity, listening from its first use on. */
export function getConnectivity(): Connectivity {
  pageConnectivity ??= createConnectivity();
  return pageConnectivity;
}

/** Online or not, and since when not; re-renders when it changes. */
export function useConnectivity(connectivity: Connectivity = getConnectivity()): ConnectivitySnapshot {
  return useSyncExternalStore(connectivity.subscribe, connectivity.getSnapshot, () => ONLINE);
}

export interface ReplayTriggerOptions {
  /** Also every so often while online and visible (ms; 0: never): a Wi-Fi that reaches nothing fires no event when it recovers. */
  everyMs?: number;
  /** Run once at the start too when online: what was queued before a reload goes at the next open. */
  atStart?: boolean;
  target?: Pick<Window, 'addEventListener' | 'removeEventListener' | 'setInterval' | 'clearInterval'> & {
    navigator: Pick<Navigator, 'onLine'>;
    document: Pick<Document, 'addEventListener' | 'removeEventListener' | 'visibilityState'>;
  };
}

/**
 * Runs `replay` when there may be a way through again: the browser comes back online, the page is
 * shown again (a phone taken out of a pocket), and every `everyMs` while online and shown. Returns
 * what stops it. A replay that fails is simply tried at the next of these.
 */
export function replayWhenBack(
  replay: () => Promise<unknown> | undefined,
  { everyMs = 30_000, atStart = true, target = window }: ReplayTriggerOptions = {},
): () => void {
  const run = () => {
    void Promise.resolve()
      .then(replay)
      .catch(() => undefined);
  };
  const visible = () => target.document.visibilityState === 'visible';
  const onOnline = () => run();
  const onVisibility = () => {
    if (visible() && target.navigator.onLine) run();
  };
  target.addEventListener('online', onOnline);
  target.document.addEventListener('visibilitychange', onVisibility);
  const timer =
    everyMs > 0
      ? target.setInterval(() => {
          if (visible() && target.navigator.onLine) run();
        }, everyMs)
      : undefined;
  if (atStart && target.navigator.onLine) run();
  return () => {
    target.removeEventListener('online', onOnline);
    target.document.removeEventListener('visibilitychange', onVisibility);
    if (timer !== undefined) target.clearInterval(timer);
  };
}
