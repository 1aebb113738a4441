/**
 * An in-process cache of values that belong to a restaurant, kept correct by being emptied: on
 * every change the database announces (NOTIFY, heard by every instance) and on this instance's own
 * writes. Used for sessions (decision 023) and active tables (decision 005).
 *
 * - A read that began before a change must not store what it read: take `begin()` before querying
 *   and hand it to `set`, which refuses it if anything was forgotten meanwhile.
 * - Nothing is answered or kept while changes are not heard (`setListening(false)`), and the cache
 *   starts empty whenever hearing starts again.
 * - Beyond `maxEntries` the oldest entry goes (a Map keeps insertion order).
 */
export function createNotifiedCache<V>(options: {
  maxEntries: number;
  restaurantOf: (value: V) => string;
  /** Whether an entry stored at `storedAt` may still be answered at `now` (always, if absent). */
  isFresh?: (value: V, storedAt: number, now: number) => boolean;
  now?: () => number;
}) {
  const { maxEntries, restaurantOf, isFresh } = options;
  const now = options.now ?? Date.now;
  const entries = new Map<string, { value: V; storedAt: number }>();
  let generation = 0;
  let listening = false;

  return {
    get(key: string): V | undefined {
      const entry = listening ? entries.get(key) : undefined;
      if (!entry) return undefined;
      if (isFresh && !isFresh(entry.value, entry.storedAt, now())) {
        entries.delete(key);
        return undefined;
      }
      return entry.value;
    },
    /** The generation to hand back to `set` once the database has answered. */
    begin(): number {
      return generation;
    },
    set(key: string, value: V, readAt: number): void {
      if (!listening || readAt !== generation) return;
      entries.delete(key);
      entries.set(key, { value, storedAt: now() });
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
    },
    /** Drops one restaurant's entries; `*` (or nothing) drops every entry. */
    forget(restaurantId?: string): void {
      generation += 1;
      if (restaurantId === undefined || restaurantId === '*') {
        entries.clear();
        return;
      }
      for (const [key, entry] of entries) {
        if (restaurantOf(entry.value) === restaurantId) entries.delete(key);
      }
    },
    /** Whether changes are being heard; either way the cache starts over empty. */
    setListening(value: boolean): void {
      listening = value;
      this.forget();
    },
    get size() {
      return entries.size;
    },
  };
}

export type NotifiedCache<V> = ReturnType<typeof createNotifiedCache<V>>;
