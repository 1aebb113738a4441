import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useIdleLock } from './use-idle-lock';

describe('useIdleLock', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('locks once nobody has used the device for the minutes given, and only once', () => {
    const onIdle = vi.fn();
    renderHook(() => useIdleLock(5, onIdle));
    vi.advanceTimersByTime(4 * 60_000 + 50_000);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(15_000);
    expect(onIdle).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(10 * 60_000);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it('starts the wait over at every tap or key', () => {
    const onIdle = vi.fn();
    renderHook(() => useIdleLock(5, onIdle));
    vi.advanceTimersByTime(4 * 60_000);
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));
    vi.advanceTimersByTime(4 * 60_000);
    window.dispatchEvent(new Event('pointerdown'));
    vi.advanceTimersByTime(4 * 60_000);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(65_000);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it('is not kept open by a pointer resting on a changing page (mousemove)', () => {
    const onIdle = vi.fn();
    renderHook(() => useIdleLock(5, onIdle));
    for (let minute = 0; minute < 6; minute++) {
      window.dispatchEvent(new MouseEvent('mousemove'));
      vi.advanceTimersByTime(60_000);
    }
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it('never locks a browser that is no shared device', () => {
    const onIdle = vi.fn();
    renderHook(() => useIdleLock(null, onIdle));
    vi.advanceTimersByTime(24 * 60 * 60_000);
    expect(onIdle).not.toHaveBeenCalled();
  });
});
