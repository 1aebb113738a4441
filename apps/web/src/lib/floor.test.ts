import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { fakeFloorTable } from '../testing/floor-fixtures';
import { applyFloorTable, floorListQueryKey, withFloorTable } from './floor';

const RID = '22222222-2222-4222-8222-222222222222';

describe('the floor from the stream', () => {
  const four = fakeFloorTable({ number: 4 });
  const six = fakeFloorTable({ number: 6 });

  it('replaces a table’s entry, takes a removed one away, and reads again for a new one', () => {
    const floor = { tables: [four, six] };
    const seated = { ...six, state: 'seated' as const, covers: 2 };
    expect(withFloorTable(floor, seated)?.tables).toEqual([four, seated]);
    expect(withFloorTable(floor, six, true)?.tables).toEqual([four]);
    expect(withFloorTable(floor, fakeFloorTable({ number: 9 }))).toBeUndefined();
  });

  it('applies an entry to the cached floor', () => {
    const client = new QueryClient();
    client.setQueryData(floorListQueryKey(RID), { tables: [four, six] });
    applyFloorTable(client, RID, { ...four, state: 'bill' });
    expect(
      client.getQueryData<{ tables: { state: string }[] }>(floorListQueryKey(RID))?.tables[0]?.state,
    ).toBe('bill');
    applyFloorTable(client, RID, six, { removed: true });
    expect(client.getQueryData<{ tables: unknown[] }>(floorListQueryKey(RID))?.tables).toHaveLength(1);
  });
});
