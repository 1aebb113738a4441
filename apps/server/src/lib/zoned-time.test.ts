import { describe, expect, it } from 'vitest';
import { startOfNextLocalDay, zonedDate, zonedParts } from './zoned-time';

describe('zoned time', () => {
  it('tells the local weekday and date, which may differ from UTC', () => {
    // 23:30 UTC on Saturday 2026-03-07 is already Sunday 08:30 in Tokyo and still Saturday in New York.
    const instant = new Date('2026-03-07T23:30:00Z');
    expect(zonedParts(instant, 'Asia/Tokyo')).toMatchObject({ weekday: 0, day: 8, hour: 8 });
    expect(zonedParts(instant, 'America/New_York')).toMatchObject({ weekday: 6, day: 7, hour: 18 });
    expect(zonedDate(instant, 'Asia/Tokyo')).toBe('2026-03-08');
  });

  it('finds the next local midnight', () => {
    expect(startOfNextLocalDay(new Date('2026-06-10T12:00:00Z'), 'Europe/Rome').toISOString()).toBe(
      '2026-06-10T22:00:00.000Z',
    );
    expect(startOfNextLocalDay(new Date('2026-06-10T23:30:00Z'), 'Europe/Rome').toISOString()).toBe(
      '2026-06-11T22:00:00.000Z',
    );
    expect(startOfNextLocalDay(new Date('2026-01-01T00:00:00Z'), 'UTC').toISOString()).toBe(
      '2026-01-02T00:00:00.000Z',
    );
  });

  it('handles the days the clocks change', () => {
    // New York springs forward on 2026-03-08 (midnight is still EST) and falls back on 2026-11-01.
    expect(startOfNextLocalDay(new Date('2026-03-08T12:00:00Z'), 'America/New_York').toISOString()).toBe(
      '2026-03-09T04:00:00.000Z',
    );
    expect(startOfNextLocalDay(new Date('2026-11-01T12:00:00Z'), 'America/New_York').toISOString()).toBe(
      '2026-11-02T05:00:00.000Z',
    );
    // Santiago springs forward at midnight on 2024-09-08: 00:00 never happens, the day starts at
    // 01:00 (-03), which is 04:00 UTC.
    expect(startOfNextLocalDay(new Date('2024-09-07T18:00:00Z'), 'America/Santiago').toISOString()).toBe(
      '2024-09-08T04:00:00.000Z',
    );
    // Kathmandu is UTC+5:45.
    expect(startOfNextLocalDay(new Date('2026-05-01T10:00:00Z'), 'Asia/Kathmandu').toISOString()).toBe(
      '2026-05-01T18:15:00.000Z',
    );
  });
});
