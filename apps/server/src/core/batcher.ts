/**
 * Runs jobs in batches, one batch at a time: a job that arrives while nothing runs starts at once,
 * and the jobs that arrive while a batch runs go together in the next one. Under load the work is
 * grouped (one round trip and one commit for many), and an idle server adds no wait.
 *
 * `run` answers one result per job, in the jobs' order; if it throws, every job of the batch fails
 * with its error.
 */
export function createBatcher<Job, Result>(options: {
  run: (jobs: Job[]) => Promise<PromiseSettledResult<Result>[]>;
  maxBatch: number;
}) {
  type Waiting = { job: Job; resolve: (result: Result) => void; reject: (reason: unknown) => void };
  /** Set while a batch runs: the jobs waiting for the next one. */
  let waiting: Waiting[] | undefined;

  async function drain(queue: Waiting[]): Promise<void> {
    while (queue.length > 0) {
      const batch = queue.splice(0, options.maxBatch);
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
    waiting = undefined;
  }

  return {
    submit(job: Job): Promise<Result> {
      return new Promise<Result>((resolve, reject) => {
        if (waiting) {
          waiting.push({ job, resolve, reject });
          return;
        }
        waiting = [{ job, resolve, reject }];
        void drain(waiting);
      });
    },
  };
}
