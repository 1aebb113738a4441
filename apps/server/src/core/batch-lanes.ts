/**
 * Runs jobs in batches, one batch at a time per lane: a job whose lane is idle starts at once, and
 * the jobs that arrive while a batch runs go together in the lane's next one. Under load the work
 * is grouped (one transaction, one commit for many), and an idle server adds no wait.
 *
 * `run` answers one result per job, in the jobs' order; if it throws, every job of the batch fails
 * with its error.
 */
export function createBatchLanes<Job, Result>(options: {
  run: (jobs: Job[]) => Promise<PromiseSettledResult<Result>[]>;
  maxBatch: number;
}) {
  type Waiting = { job: Job; resolve: (result: Result) => void; reject: (reason: unknown) => void };
  /** A lane is here while it runs; its array holds the jobs waiting for the next batch. */
  const busy = new Map<string, Waiting[]>();

  async function drain(lane: string, waiting: Waiting[]): Promise<void> {
    while (waiting.length > 0) {
      const batch = waiting.splice(0, options.maxBatch);
      let results: PromiseSettledResult<Result>[];
      try {
        results = await options.run(batch.map((w) => w.job));
      } catch (error) {
        results = batch.map(() => ({ status: 'rejected', reason: error }));
      }
      batch.forEach((w, i) => {
        const result = results[i]!;
        if (result.status === 'fulfilled') w.resolve(result.value);
        else w.reject(result.reason);
      });
    }
    busy.delete(lane);
  }

  return {
    submit(lane: string, job: Job): Promise<Result> {
      return new Promise<Result>((resolve, reject) => {
        const waiting = busy.get(lane);
        if (waiting) {
          waiting.push({ job, resolve, reject });
          return;
        }
        const fresh: Waiting[] = [{ job, resolve, reject }];
        busy.set(lane, fresh);
        void drain(lane, fresh);
      });
    },
  };
}
