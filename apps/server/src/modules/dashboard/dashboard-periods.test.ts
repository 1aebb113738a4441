import { describe, expect, it } from 'vitest';
import { addDays, localDaysRange, monthRanges, periodRange } from './dashboard-periods';

/** Bounds written out by hand from the zones' offsets, not computed with the helpers under test. */
const iso = (range: { starts: Date; ends: Date }) => [range.starts.toISOString(), range.ends.toISOString()];

describe('dashboard periods', () => {
  it('moves calendar dates across months, leap days and years', () => {
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-01-01', -7)).toBe('2025-12-25');
  });

  it("gives a period's local days and the instants between them (New York, across the March DST switch)", () => {
    // Wednesday 11 March 2026, 15:00 EDT; EST (UTC−5) until the 8th, EDT (UTC−4) after.
    const now = new Date('2026-03-11T19:00:00Z');
    const tz = 'America/New_York';
    const today = periodRange('today', now, tz);
    expect([today.from, today.to, ...iso(today.range)]).toEqual([
      '2026-03-11',
      '2026-03-11',
      '2026-03-11T04:00:00.000Z',
      '2026-03-12T04:00:00.000Z',
    ]);
    const week = periodRange('week', now, tz);
    expect([week.from, ...iso(week.range)]).toEqual([
      '2026-03-05',
      '2026-03-05T05:00:00.000Z',
      '2026-03-12T04:00:00.000Z',
    ]);
    expect(periodRange('month', now, tz).from).toBe('2026-03-01');
    expect(iso(periodRange('year', now, tz).range)).toEqual([
      '2026-01-01T05:00:00.000Z',
      '2026-03-12T04:00:00.000Z',
    ]);
  });

  it('starts a day whose midnight does not exist at its first instant (Santiago, 6 September 2026)', () => {
    // Clocks jump from 00:00 −04 to 01:00 −03: the day begins at 01:00 −03 = 04:00Z and is 23 hours long.
    expect(iso(localDaysRange('2026-09-06', '2026-09-06', 'America/Santiago'))).toEqual([
      '2026-09-06T04:00:00.000Z',
      '2026-09-07T03:00:00.000Z',
    ]);
  });

  it('splits a year into twelve local months (Kathmandu, UTC+05:45; New York with DST)', () => {
    const ktm = monthRanges(2026, 'Asia/Kathmandu').map(iso);
    expect(ktm).toHaveLength(12);
    expect(ktm[0]).toEqual(['2025-12-31T18:15:00.000Z', '2026-01-31T18:15:00.000Z']);
    expect(ktm[11]).toEqual(['2026-11-30T18:15:00.000Z', '2026-12-31T18:15:00.000Z']);
    const ny = monthRanges(2026, 'America/New_York').map(iso);
    // March starts in EST and ends in EDT; November starts in EST (the clocks went back on the 1st at 02:00).
    expect(ny[2]).toEqual(['2026-03-01T05:00:00.000Z', '2026-04-01T04:00:00.000Z']);
    expect(ny[10]).toEqual(['2026-11-01T04:00:00.000Z', '2026-12-01T05:00:00.000Z']);
  });
});
