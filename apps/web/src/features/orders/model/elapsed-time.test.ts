import { describe, expect, it } from 'vitest';
import { elapsedMinutes, formatElapsed } from '../../../lib/use-now';
import { urgencyOf } from './elapsed-time';

const placed = '2025-03-14T18:00:00.000Z';
const after = (minutes: number, seconds = 0) => Date.parse(placed) + minutes * 60_000 + seconds * 1000;

describe('elapsed time on a card', () => {
  it('counts whole minutes since the order was placed', () => {
    expect(elapsedMinutes(placed, after(0, 59))).toBe(0);
    expect(elapsedMinutes(placed, after(7, 30))).toBe(7);
    // A tablet clock a little behind the server's.
    expect(elapsedMinutes(placed, after(-1))).toBe(0);
    expect(elapsedMinutes('not a date', after(5))).toBe(0);
  });

  it('turns amber at 10 minutes and red at 20', () => {
    const at = (minutes: number, seconds = 0) => urgencyOf(elapsedMinutes(placed, after(minutes, seconds)));
    expect(at(9, 59)).toBe('normal');
    expect(at(10)).toBe('warning');
    expect(at(19, 59)).toBe('warning');
    expect(at(20)).toBe('late');
    expect(at(95)).toBe('late');
  });

  it('reads short', () => {
    expect(formatElapsed(0)).toBe('Just now');
    expect(formatElapsed(1)).toBe('1 min');
    expect(formatElapsed(59)).toBe('59 min');
    expect(formatElapsed(65)).toBe('1 h 05 min');
  });
});
