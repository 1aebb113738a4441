import { describe, expect, it } from 'vitest';
import { currentBusinessDay, dayStartMinutes } from './business-day';

const ROME = 'Europe/Rome';

describe('dayStartMinutes', () => {
  it('reads a time of day, and falls back to 04:00', () => {
    expect(dayStartMinutes('04:00')).toBe(240);
    expect(dayStartMinutes('00:00')).toBe(0);
    expect(dayStartMinutes('23:59')).toBe(23 * 60 + 59);
    expect(dayStartMinutes(undefined)).toBe(240);
    expect(dayStartMinutes('4am')).toBe(240);
    expect(dayStartMinutes('24:00')).toBe(240);
  });
});

describe('currentBusinessDay', () => {
  it('keeps the hours before 04:00 on the day before, on the restaurant’s clock', () => {
    // 01:30 in Rome (CET, UTC+1) on 15 March belongs to the 14th.
    expect(currentBusinessDay(ROME, '04:00', new Date('2025-03-15T00:30:00Z'))).toBe('2025-03-14');
    // 03:59 still does; 04:00 starts the 15th.
    expect(currentBusinessDay(ROME, '04:00', new Date('2025-03-15T02:59:00Z'))).toBe('2025-03-14');
    expect(currentBusinessDay(ROME, '04:00', new Date('2025-03-15T03:00:00Z'))).toBe('2025-03-15');
    // 23:30 UTC on the 14th is already 00:30 on the 15th in Rome, and still the 14th's business.
    expect(currentBusinessDay(ROME, '04:00', new Date('2025-03-14T23:30:00Z'))).toBe('2025-03-14');
  });

  it('follows the wall clock across the spring change (a 23-hour day)', () => {
    // 30 March 2025: Rome jumps from 02:00 CET to 03:00 CEST. 03:30 local (01:30 UTC) is still the 29th.
    expect(currentBusinessDay(ROME, '04:00', new Date('2025-03-30T01:30:00Z'))).toBe('2025-03-29');
    // 04:00 CEST is 02:00 UTC: one hour earlier in UTC than the day before.
    expect(currentBusinessDay(ROME, '04:00', new Date('2025-03-30T01:59:00Z'))).toBe('2025-03-29');
    expect(currentBusinessDay(ROME, '04:00', new Date('2025-03-30T02:00:00Z'))).toBe('2025-03-30');
  });

  it('follows the wall clock across the autumn change (a 25-hour day)', () => {
    // 26 October 2025: Rome goes back from 03:00 CEST to 02:00 CET. 02:30 happens twice; both are the 25th.
    expect(currentBusinessDay(ROME, '04:00', new Date('2025-10-26T00:30:00Z'))).toBe('2025-10-25');
    expect(currentBusinessDay(ROME, '04:00', new Date('2025-10-26T01:30:00Z'))).toBe('2025-10-25');
    // 04:00 CET is 03:00 UTC.
    expect(currentBusinessDay(ROME, '04:00', new Date('2025-10-26T02:59:00Z'))).toBe('2025-10-25');
    expect(currentBusinessDay(ROME, '04:00', new Date('2025-10-26T03:00:00Z'))).toBe('2025-10-26');
  });

  it('reads the restaurant’s zone, not the browser’s', () => {
    const at = new Date('2025-03-15T06:00:00Z');
    // 07:00 in Rome: the 15th. 02:00 in New York: still the 14th's night.
    expect(currentBusinessDay(ROME, '04:00', at)).toBe('2025-03-15');
    expect(currentBusinessDay('America/New_York', '04:00', at)).toBe('2025-03-14');
    // A day that starts at midnight is the calendar day.
    expect(currentBusinessDay('America/New_York', '00:00', at)).toBe('2025-03-15');
  });

  it('crosses months and years', () => {
    expect(currentBusinessDay(ROME, '04:00', new Date('2026-01-01T01:00:00Z'))).toBe('2025-12-31');
    expect(currentBusinessDay(ROME, '06:30', new Date('2025-03-01T05:00:00Z'))).toBe('2025-02-28');
  });
});
