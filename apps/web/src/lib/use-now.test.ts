import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useNow } from './use-now';

const start = Date.parse('2025-03-14T18:00:00.000Z');

afterEach(() => vi.useRealTimers());

describe('useNow', () => {
  it('ticks every 30 seconds', () => {
    vi.useFakeTimers({ now: start });
    const { result } = renderHook(() => useNow(30_000));
    expect(result.current).toBe(start);
    act(() => vi.advanceTimersByTime(29_000));
    expect(result.current).toBe(start);
    act(() => vi.advanceTimersByTime(1_000));
    expect(result.current).toBe(start + 30_000);
  });
});
