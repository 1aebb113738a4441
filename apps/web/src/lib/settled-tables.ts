/**
 * Tables whose visit just ended (paid in full, or closed by staff). The bills list no longer has
 * them, yet whoever clears the tables wants to see "Settled" for a few minutes. Pure: the live
 * connection keeps the list, the bills screen shows it.
 */

export const SETTLED_SHOWN_MS = 5 * 60_000;

export interface SettledTable {
  tableId: string;
  tableNumber: number;
  /** The visit that ended. */
  visitId: string;
  totalMinor: number;
  paidMinor: number;
  /** When this client learnt of it (ms). */
  at: number;
}

/** The list with `entry` added (once per visit: a replayed event changes nothing), newest first. */
export function addSettledTable(list: readonly SettledTable[], entry: SettledTable): SettledTable[] {
  if (list.some((known) => known.visitId === entry.visitId)) return list as SettledTable[];
  return [entry, ...list.filter((known) => known.tableId !== entry.tableId)];
}

/** Those still worth showing at `now`. Returns the same list when none expired. */
export function pruneSettledTables(list: readonly SettledTable[], now: number): SettledTable[] {
  const kept = list.filter((entry) => now - entry.at < SETTLED_SHOWN_MS);
  return kept.length === list.length ? (list as SettledTable[]) : kept;
}

/**
 * Whether a visit that ended had a bill to settle. A visit ends with nothing on it when its orders
 * went elsewhere (a merge, a table moved) or its guests left with nothing ordered: that is no
 * settlement, and nobody is told "settled".
 */
export function wasSettled(ended: Pick<SettledTable, 'totalMinor'>): boolean {
  return ended.totalMinor > 0;
}
