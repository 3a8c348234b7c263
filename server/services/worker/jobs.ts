import { pruneApiLogs } from '../api-log/api-logs-repository.ts';
import { pruneExpiredResets } from '../auth/password-resets-repository.ts';
import type { WorkerJob } from './worker-loop.ts';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/** The housekeeping jobs every Payrail worker runs. */
export function housekeepingJobs(options: { apiLogRetentionDays: number }): WorkerJob[] {
  return [
    {
      name: 'prune-password-resets',
      everyMs: HOUR,
      async run({ db, clock, log }) {
        const removed = await pruneExpiredResets(db, new Date(clock.now().getTime() - DAY));
        if (removed > 0) log.info({ removed }, 'pruned old password resets');
      },
    },
    {
      name: 'prune-api-logs',
      everyMs: HOUR,
      async run({ db, clock, log }) {
        const removed = await pruneApiLogs(db, new Date(clock.now().getTime() - options.apiLogRetentionDays * DAY));
        if (removed > 0) log.info({ removed }, 'pruned API logs past retention');
      },
    },
  ];
}
