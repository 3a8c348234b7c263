import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/client.ts';

export interface WorkerJob {
  name: string;
  /** How often the job runs. */
  everyMs: number;
  run(context: { db: Database; clock: Clock; log: FastifyBaseLogger }): Promise<void>;
}

export interface RunningWorker {
  /** Stops scheduling and waits for the jobs in flight. */
  stop(): Promise<void>;
}

/** Runs each job on its own interval; a failing job is logged and tried again next time. */
export function startWorker(context: { db: Database; clock: Clock; log: FastifyBaseLogger }, jobs: WorkerJob[]): RunningWorker {
  const timers: NodeJS.Timeout[] = [];
  const inFlight = new Set<Promise<void>>();
  let stopped = false;

  for (const job of jobs) {
    let running = false;
    const tick = () => {
      if (stopped || running) return;
      running = true;
      const run = job
        .run(context)
        .catch((error: unknown) => context.log.error({ err: error, job: job.name }, 'worker job failed'))
        .finally(() => {
          running = false;
          inFlight.delete(run);
        });
      inFlight.add(run);
    };
    timers.push(setInterval(tick, job.everyMs));
    setImmediate(tick);
  }
  context.log.info({ jobs: jobs.map((job) => job.name) }, 'worker started');

  return {
    async stop() {
      stopped = true;
      for (const timer of timers) clearInterval(timer);
      await Promise.all([...inFlight]);
    },
  };
}
