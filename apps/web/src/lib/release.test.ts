import { describe, expect, it, vi } from 'vitest';
import { createReleaseWatch, PAGE_RELEASE } from './release';

describe('the release watch', () => {
  it("says so when an answer names a release other than the page's, and again only when that changes", () => {
    const watch = createReleaseWatch('2026-01-01-a');
    const listener = vi.fn();
    watch.subscribe(listener);
    watch.note('2026-01-01-a');
    expect(watch.getSnapshot()).toBeNull();
    watch.note('2026-02-01-b');
    watch.note('2026-02-01-b');
    expect(watch.getSnapshot()).toBe('2026-02-01-b');
    expect(listener).toHaveBeenCalledTimes(1);
    watch.note('2026-03-01-c');
    expect(watch.getSnapshot()).toBe('2026-03-01-c');
    // An instance still on the page's release answers (a rolling update): they agree again.
    watch.note('2026-01-01-a');
    expect(watch.getSnapshot()).toBeNull();
    expect(listener).toHaveBeenCalledTimes(3);
  });

  it('ignores answers that name none, and never calls a development page out of date', () => {
    const watch = createReleaseWatch('2026-01-01-a');
    watch.note(null);
    watch.note('');
    expect(watch.getSnapshot()).toBeNull();
    const development = createReleaseWatch('development');
    development.note('2026-01-01-a');
    expect(development.getSnapshot()).toBeNull();
    // The units run unbuilt.
    expect(PAGE_RELEASE).toBe('development');
  });

  it('stops telling a listener that left', () => {
    const watch = createReleaseWatch('a');
    const listener = vi.fn();
    const stop = watch.subscribe(listener);
    stop();
    watch.note('b');
    expect(listener).not.toHaveBeenCalled();
  });
});
