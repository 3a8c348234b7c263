import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/client.ts';
import { WakeUps } from './wake-ups.ts';

/** What a job's run gets: the database, the clock, the log, and the wake-ups that arrive while it runs. */
export interface JobContext {
  db: Database;
  clock: Clock;
  log: FastifyBaseLogger;
  wakeUps: WakeUps;
}

export interface WorkerJob {
  name: string;
  /** How often the job runs. */
  everyMs: number;
  run(context: JobContext): Promise<void>;
  /**
   * Optional: subscribes `wake` to events that make the job worth running at once (between its
   * interval's ticks); returns how to unsubscribe.
   */
  wakeOn?(wake: () => void, log: FastifyBaseLogger): () => void | Promise<void>;
}

export interface RunningWorker {
  /** Stops scheduling and waits for the jobs in flight. */
  stop(): Promise<void>;
}

/** How long after start a job without wake-ups (pruning, reconciling) first runs, unless its interval is shorter. */
export const MAINTENANCE_DELAY_MS = 10_000;

/**
 * Runs each job on its own interval; a failing job is logged and tried again next time. A job with wake-ups (webhook
 * delivery) also runs at once; the others first run MAINTENANCE_DELAY_MS after start, so a restarting server answers
 * its first requests before its maintenance queries (on the embedded database they share its one session).
 */
export function startWorker(
  context: { db: Database; clock: Clock; log: FastifyBaseLogger },
  jobs: WorkerJob[],
  options: { maintenanceDelayMs?: number } = {},
): RunningWorker {
  const timers: NodeJS.Timeout[] = [];
  const unsubscribers: (() => void | Promise<void>)[] = [];
  const inFlight = new Set<Promise<void>>();
  let stopped = false;

  for (const job of jobs) {
    let running = false;
    // A wake-up during a run may concern rows that run already looked past: the run hears of it (wakeUps), and a
    // wake-up the run did not take before it ended makes the job run once more right after.
    const wakeUps = new WakeUps();
    const tick = (woken = false) => {
      if (stopped) return;
      if (running) {
        if (woken) wakeUps.signal();
        return;
      }
      running = true;
      wakeUps.take();
      const run = job
        .run({ ...context, wakeUps })
        .catch((error: unknown) => context.log.error({ err: error, job: job.name }, 'worker job failed'))
        .finally(() => {
          running = false;
          inFlight.delete(run);
          if (wakeUps.untaken) setImmediate(tick, true);
        });
      inFlight.add(run);
    };
    timers.push(setInterval(() => tick(), job.everyMs));
    if (job.wakeOn) unsubscribers.push(job.wakeOn(() => tick(true), context.log));
    const firstRunMs = job.wakeOn ? 0 : Math.min(job.everyMs, options.maintenanceDelayMs ?? MAINTENANCE_DELAY_MS);
    if (firstRunMs === 0) setImmediate(() => tick());
    else timers.push(setTimeout(() => tick(), firstRunMs));
  }
  context.log.info({ jobs: jobs.map((job) => job.name) }, 'worker started');

  return {
    async stop() {
      stopped = true;
      for (const timer of timers) clearInterval(timer);
      await Promise.all([...inFlight, ...unsubscribers.map((unsubscribe) => unsubscribe())]);
    },
  };
}
