import { describe, expect, it } from 'vitest';
import { createBatcher } from './batcher';

describe('createBatcher', () => {
  it('starts a lone job at once and groups the jobs that arrive while a batch runs', async () => {
    const batches: number[][] = [];
    let release: () => void = () => {};
    const batcher = createBatcher<number, string>({
      maxBatch: 3,
      run: async (jobs) => {
        batches.push(jobs);
        if (batches.length === 1) await new Promise<void>((resolve) => (release = resolve));
        return jobs.map((job) => ({ status: 'fulfilled', value: `done ${job}` }));
      },
    });
    const answers = [1, 2, 3, 4, 5, 6].map((job) => batcher.submit(job));
    expect(batches).toEqual([[1]]);
    release();
    expect(await Promise.all(answers)).toEqual([1, 2, 3, 4, 5, 6].map((job) => `done ${job}`));
    // At most maxBatch at a time, in arrival order.
    expect(batches).toEqual([[1], [2, 3, 4], [5, 6]]);
    // Idle again: the next job starts at once.
    await batcher.submit(7);
    expect(batches.at(-1)).toEqual([7]);
  });

  it('answers each job with its own result, and fails a whole batch whose run throws', async () => {
    let calls = 0;
    const batcher = createBatcher<number, number>({
      maxBatch: 10,
      run: async (jobs) => {
        calls += 1;
        if (calls === 2) throw new Error('database gone');
        return jobs.map((job) =>
          job < 0
            ? { status: 'rejected', reason: new Error(`bad ${job}`) }
            : { status: 'fulfilled', value: job * 2 },
        );
      },
    });
    const first = batcher.submit(1);
    const second = [batcher.submit(2), batcher.submit(-3)].map((p) =>
      p.catch((error: Error) => error.message),
    );
    expect(await first).toBe(2);
    expect(await Promise.all(second)).toEqual(['database gone', 'database gone']);
    const third = [batcher.submit(4), batcher.submit(-5)].map((p) =>
      p.catch((error: Error) => error.message),
    );
    expect(await Promise.all(third)).toEqual([8, 'bad -5']);
  });
});
