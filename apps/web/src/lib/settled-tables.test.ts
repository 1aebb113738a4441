import { describe, expect, it } from 'vitest';
import {
  addSettledTable,
  pruneSettledTables,
  SETTLED_SHOWN_MS,
  type SettledTable,
  wasSettled,
} from './settled-tables';

const entry = (overrides: Partial<SettledTable> = {}): SettledTable => ({
  tableId: 't4',
  tableNumber: 4,
  visitId: 'v1',
  totalMinor: 4200,
  paidMinor: 4200,
  at: 1_000,
  ...overrides,
});

describe('settled tables', () => {
  it('adds a visit once, newest first, one entry per table', () => {
    const first = addSettledTable([], entry());
    expect(addSettledTable(first, entry({ at: 2_000 }))).toBe(first);
    const other = addSettledTable(first, entry({ tableId: 't5', tableNumber: 5, visitId: 'v2' }));
    expect(other.map((known) => known.tableNumber)).toEqual([5, 4]);
    const again = addSettledTable(other, entry({ visitId: 'v3', at: 3_000 }));
    expect(again.map((known) => known.visitId)).toEqual(['v3', 'v2']);
  });

  it('forgets them after a few minutes', () => {
    const list = [entry({ at: 0 }), entry({ tableId: 't5', visitId: 'v2', at: 60_000 })];
    expect(pruneSettledTables(list, SETTLED_SHOWN_MS - 1)).toBe(list);
    expect(pruneSettledTables(list, SETTLED_SHOWN_MS).map((known) => known.visitId)).toEqual(['v2']);
  });
});

describe('wasSettled', () => {
  it('is false for a visit that ended with nothing on its bill (merged, moved, cleared), true otherwise', () => {
    expect(wasSettled({ totalMinor: 0 })).toBe(false);
    expect(wasSettled({ totalMinor: 1250 })).toBe(true);
  });
});
