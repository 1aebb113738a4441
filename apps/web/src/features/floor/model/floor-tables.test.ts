import { describe, expect, it } from 'vitest';
import { formatElapsed } from '../../../lib/use-now';
import { fakeFloorTable } from '../../../testing/floor-fixtures';
import { groupByArea, minutesWaiting, myTables, summarizeFloor, tableStateLabel } from './floor-tables';

describe('tableStateLabel', () => {
  it('says every state in words', () => {
    expect((['free', 'seated', 'ordered', 'served', 'bill', 'paying'] as const).map(tableStateLabel)).toEqual(
      ['Free', 'Seated', 'Ordered', 'Served', 'Bill asked', 'Paying'],
    );
  });
});

describe('groupByArea', () => {
  it('groups by area name, each by number, tables without an area last', () => {
    const tables = [
      fakeFloorTable({ number: 7, area: 'Terrace' }),
      fakeFloorTable({ number: 2, area: null }),
      fakeFloorTable({ number: 5, area: 'Bar' }),
      fakeFloorTable({ number: 3, area: 'Terrace' }),
      fakeFloorTable({ number: 1, area: '  ' }),
    ];
    expect(
      groupByArea(tables).map((group) => [group.area, group.tables.map((table) => table.number)]),
    ).toEqual([
      ['Bar', [5]],
      ['Terrace', [3, 7]],
      [null, [1, 2]],
    ]);
  });

  it('has no groups without tables', () => {
    expect(groupByArea([])).toEqual([]);
  });
});

describe('myTables', () => {
  const me = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
  const tables = [
    fakeFloorTable({ number: 9, waiter: { id: me, name: 'Marco' } }),
    fakeFloorTable({ number: 4, waiter: { id: me, name: 'Marco' } }),
    fakeFloorTable({ number: 5, waiter: { id: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb', name: 'Sara' } }),
    fakeFloorTable({ number: 6 }),
  ];

  it('lists the tables a staff member serves, by number', () => {
    expect(myTables(tables, me).map((table) => table.number)).toEqual([4, 9]);
  });

  it('lists none for an owner, who has no staff id', () => {
    expect(myTables(tables, null)).toEqual([]);
  });
});

describe('minutesWaiting', () => {
  const now = Date.parse('2025-03-14T19:00:00.000Z');

  it('counts whole minutes since the oldest open order', () => {
    expect(minutesWaiting(fakeFloorTable({ oldestOpenOrderAt: '2025-03-14T18:47:30.000Z' }), now)).toBe(12);
  });

  it('is null when nothing waits, and never negative for a clock behind the server', () => {
    expect(minutesWaiting(fakeFloorTable(), now)).toBeNull();
    expect(minutesWaiting(fakeFloorTable({ oldestOpenOrderAt: '2025-03-14T19:00:20.000Z' }), now)).toBe(0);
  });
});

describe('formatElapsed (lib), as the floor shows waiting times', () => {
  it('reads as just now, minutes, then hours and minutes', () => {
    expect([0, 7, 65].map(formatElapsed)).toEqual(['Just now', '7 min', '1 h 05 min']);
  });
});

describe('summarizeFloor', () => {
  it('counts the occupied tables, their guests and what is due', () => {
    const summary = summarizeFloor([
      fakeFloorTable({ state: 'ordered', covers: 3, dueMinor: 4500 }),
      fakeFloorTable({ state: 'seated', covers: null }),
      fakeFloorTable({ state: 'free' }),
    ]);
    expect(summary).toEqual({ tables: 3, occupied: 2, covers: 3, dueMinor: 4500 });
  });
});
