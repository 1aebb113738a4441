import { describe, expect, it } from 'vitest';
import { businessDateOf, businessDayBounds, openDayFrom } from './business-day';

const ROME = 'Europe/Rome';
const FOUR = 240;

describe('business days', () => {
  it('puts the small hours on the evening before, until the day starts', () => {
    expect(businessDateOf(new Date('2026-03-28T23:30:00Z'), ROME, FOUR)).toBe('2026-03-28'); // 00:30 local
    expect(businessDateOf(new Date('2026-03-29T01:59:00Z'), ROME, FOUR)).toBe('2026-03-28'); // 03:59 CEST
    expect(businessDateOf(new Date('2026-03-29T02:00:00Z'), ROME, FOUR)).toBe('2026-03-29'); // 04:00 CEST
    expect(businessDateOf(new Date('2026-11-26T12:00:00Z'), ROME, 0)).toBe('2026-11-26');
  });

  it('makes the day of a daylight-saving change 23 or 25 hours long', () => {
    // Clocks go forward on 29 March 2026 at 02:00 in Rome: the 28th's day ends at 04:00 CEST.
    const spring = businessDayBounds('2026-03-28', ROME, FOUR);
    expect(spring.from.toISOString()).toBe('2026-03-28T03:00:00.000Z');
    expect(spring.to.toISOString()).toBe('2026-03-29T02:00:00.000Z');
    expect(spring.to.getTime() - spring.from.getTime()).toBe(23 * 3_600_000);
    // Back on 25 October 2026 at 03:00: the 24th's day lasts 25 hours.
    const autumn = businessDayBounds('2026-10-24', ROME, FOUR);
    expect(autumn.to.getTime() - autumn.from.getTime()).toBe(25 * 3_600_000);
  });

  it('sends what comes after a close to the next open day', () => {
    expect(openDayFrom('2026-11-26', new Set())).toBe('2026-11-26');
    expect(openDayFrom('2026-11-26', new Set(['2026-11-26', '2026-11-27']))).toBe('2026-11-28');
  });
});
