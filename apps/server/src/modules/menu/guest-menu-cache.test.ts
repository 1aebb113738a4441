import { describe, expect, it } from 'vitest';
import { createGuestMenuCache } from './guest-menu-cache';

describe('the guest menu cache', () => {
  it('builds a missing menu once for every guest asking meanwhile, then answers from memory', async () => {
    const cache = createGuestMenuCache();
    let builds = 0;
    let finish = (_: { json: string; expiresAt: number }) => {};
    const build = () => {
      builds += 1;
      return new Promise<{ json: string; expiresAt: number }>((resolve) => {
        finish = resolve;
      });
    };
    const asking = Array.from({ length: 50 }, () => cache.getOrBuild('r:1:t', 0, build));
    finish({ json: '{"menu":1}', expiresAt: 1000 });
    const answers = await Promise.all(asking);
    expect(builds).toBe(1);
    expect(new Set(answers).size).toBe(1);
    expect(answers[0]!.json).toBe('{"menu":1}');
    expect(await cache.getOrBuild('r:1:t', 999, build)).toBe(answers[0]);
    expect(builds).toBe(1);
    // Expired: built again.
    const again = cache.getOrBuild('r:1:t', 1000, build);
    finish({ json: '{"menu":2}', expiresAt: 2000 });
    expect((await again).json).toBe('{"menu":2}');
    expect(builds).toBe(2);
  });

  it('keeps nothing from a build that failed: the next guest builds again', async () => {
    const cache = createGuestMenuCache();
    await expect(cache.getOrBuild('k', 0, () => Promise.reject(new Error('database away')))).rejects.toThrow(
      'database away',
    );
    const built = await cache.getOrBuild('k', 0, async () => ({ json: '{}', expiresAt: 10 }));
    expect(built.json).toBe('{}');
  });
});
