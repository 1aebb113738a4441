import { afterEach, describe, expect, it } from 'vitest';
import { clearSessionHints, readSessionHints, SESSION_HINTS_KEY, writeSessionHints } from './session';

afterEach(() => localStorage.clear());

describe('session hints', () => {
  const hints = { restaurantId: 'r-1', userType: 'staff' as const, staffId: 's-1' };

  it('writes, reads and clears the hints under the "tavolo" key', () => {
    writeSessionHints(hints);
    expect(JSON.parse(localStorage.getItem(SESSION_HINTS_KEY) ?? '')).toEqual(hints);
    expect(readSessionHints()).toEqual(hints);
    clearSessionHints();
    expect(localStorage.getItem(SESSION_HINTS_KEY)).toBeNull();
    expect(readSessionHints()).toBeNull();
  });

  it('never stores anything but the three hints', () => {
    writeSessionHints({ ...hints, token: 'secret' } as typeof hints);
    expect(localStorage.getItem(SESSION_HINTS_KEY)).not.toContain('secret');
  });

  it('ignores a malformed record', () => {
    localStorage.setItem(SESSION_HINTS_KEY, 'not json');
    expect(readSessionHints()).toBeNull();
    localStorage.setItem(SESSION_HINTS_KEY, JSON.stringify({ restaurantId: 1 }));
    expect(readSessionHints()).toBeNull();
  });
});
