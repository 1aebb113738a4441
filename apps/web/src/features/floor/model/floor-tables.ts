import type { TFloorTable, TTableState } from '@tavolo/contract/floor';
import { t } from '../../../lib/i18n/i18n';
import { elapsedMinutes } from '../../../lib/use-now';

/**
 * The floor as waiters and hosts read it: every table's state in words (colour alone says nothing
 * to some), the tables grouped by area, one's own first on a phone.
 */

/** What a table's state says on its tile and to a screen reader. */
export function tableStateLabel(state: TTableState): string {
  switch (state) {
    case 'free':
      return t('floor.state.free');
    case 'seated':
      return t('floor.state.seated');
    case 'ordered':
      return t('floor.state.ordered');
    case 'served':
      return t('floor.state.served');
    case 'bill':
      return t('floor.state.bill');
    case 'paying':
      return t('floor.state.paying');
  }
}

export interface FloorArea {
  /** The area's name; null for the tables that have none. */
  area: string | null;
  tables: TFloorTable[];
}

/**
 * The tables by area, each area's by number; areas by name, those without an area last. The server
 * sends them so already; sorting again keeps a table a live update added in its place.
 */
export function groupByArea(tables: readonly TFloorTable[]): FloorArea[] {
  const areas = new Map<string | null, TFloorTable[]>();
  for (const table of tables) {
    const area = table.area?.trim() || null;
    areas.set(area, [...(areas.get(area) ?? []), table]);
  }
  return [...areas.entries()]
    .sort(([a], [b]) => (a === null ? 1 : b === null ? -1 : a.localeCompare(b)))
    .map(([area, list]) => ({ area, tables: list.sort((x, y) => x.number - y.number) }));
}

/** The tables a staff member serves; an owner (no staff id) serves none by name. */
export function myTables(tables: readonly TFloorTable[], staffId: string | null): TFloorTable[] {
  if (!staffId) return [];
  return tables.filter((table) => table.waiter?.id === staffId).sort((a, b) => a.number - b.number);
}

/** Whole minutes since the visit's oldest open order was placed; null when nothing is waiting. */
export function minutesWaiting(table: TFloorTable, now: number): number | null {
  if (!table.oldestOpenOrderAt) return null;
  if (Number.isNaN(Date.parse(table.oldestOpenOrderAt))) return null;
  return elapsedMinutes(table.oldestOpenOrderAt, now);
}

/** The floor's head count: tables with guests, and what they owe together. */
export function summarizeFloor(tables: readonly TFloorTable[]) {
  const occupied = tables.filter((table) => table.state !== 'free');
  return {
    tables: tables.length,
    occupied: occupied.length,
    covers: occupied.reduce((sum, table) => sum + (table.covers ?? 0), 0),
    dueMinor: tables.reduce((sum, table) => sum + table.dueMinor, 0),
  };
}
