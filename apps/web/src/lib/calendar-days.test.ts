import { describe, expect, it } from 'vitest';
import { addDays, daysBetween, isCalendarDate, todayInTimeZone } from './calendar-days';

describe('calendar days', () => {
  it('finds today on the restaurant’s clock, not the browser’s', () => {
    // 23:30 UTC on 14 March is already 15 March in Rome and still 14 March in New York.
    const at = new Date('2025-03-14T23:30:00Z');
    expect(todayInTimeZone('Europe/Rome', at)).toBe('2025-03-15');
    expect(todayInTimeZone('America/New_York', at)).toBe('2025-03-14');
    expect(todayInTimeZone('Pacific/Kiritimati', new Date('2025-12-31T11:00:00Z'))).toBe('2026-01-01');
    expect(todayInTimeZone('Not/AZone', at)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('counts calendar days across months, years and clock changes', () => {
    expect(addDays('2025-03-01', -1)).toBe('2025-02-28');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2025-01-01', -6)).toBe('2024-12-26');
    expect(addDays('2025-03-30', 1)).toBe('2025-03-31');
    expect(daysBetween('2025-03-01', '2025-03-01')).toBe(1);
    expect(daysBetween('2025-03-01', '2025-03-31')).toBe(31);
    expect(isCalendarDate('2025-02-29')).toBe(false);
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('14/03/2025')).toBe(false);
  });
});
