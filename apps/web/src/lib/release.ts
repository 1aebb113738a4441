import { useSyncExternalStore } from 'react';

/**
 * Which release of the web app this page runs, and whether its server now serves a newer one.
 * Every answer of a server that serves a web build names that build's release (`Tavolo-Release`);
 * the API client hands each one here. A page whose own release differs was loaded before the server
 * was updated: its code may not match the API any more, and it offers to reload (decision 041).
 */

declare const __TAVOLO_RELEASE__: string;

/** This page's release, stamped by the build (vite.config.ts); "development" under the dev server and in tests. */
export const PAGE_RELEASE: string =
  typeof __TAVOLO_RELEASE__ === 'string' ? __TAVOLO_RELEASE__ : 'development';

export interface ReleaseWatch {
  /** Hands in a release an answer named (null when it named none). */
  note(release: string | null): void;
  subscribe(listener: () => void): () => void;
  /** The server's release when it differs from the page's; null while they agree (or nothing was heard). */
  getSnapshot(): string | null;
}

/**
 * Watches the releases answers name against `pageRelease`. A development page never counts as out
 * of date (its server may serve an older build beside it); neither does an answer that names none
 * (a proxy's error page).
 */
export function createReleaseWatch(pageRelease: string = PAGE_RELEASE): ReleaseWatch {
  let newer: string | null = null;
  const listeners = new Set<() => void>();
  return {
    note(release) {
      if (!release || pageRelease === 'development') return;
      const next = release === pageRelease ? null : release;
      if (next === newer) return;
      newer = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    getSnapshot: () => newer,
  };
}

/** The page's one watch, fed by every API answer (api-client.ts). */
export const releaseWatch = createReleaseWatch();

/** The server's release when this page's code is older (or just other); null otherwise. */
export function useNewerRelease(watch: ReleaseWatch = releaseWatch): string | null {
  return useSyncExternalStore(watch.subscribe, watch.getSnapshot, () => null);
}
