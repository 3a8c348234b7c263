import { describe, expect, it } from 'vitest';
import pino from 'pino';
import type { Database } from '../../../../../server/db/client.ts';
import { startWorker } from '../../../../../server/services/worker/worker-loop.ts';
import { ManualClock } from '../../../../helpers/clock.ts';

describe('startWorker', () => {
  it('runs jobs at start (no maintenance delay), keeps going after a failure, and waits for jobs in flight on stop', async () => {
    const runs: string[] = [];
    let release: () => void = () => undefined;
    const worker = startWorker(
      { db: {} as Database, clock: new ManualClock(), log: pino({ level: 'silent' }) },
      [
        {
          name: 'failing',
          everyMs: 5,
          run: () => {
            runs.push('failing');
            return Promise.reject(new Error('boom'));
          },
        },
        {
          name: 'slow',
          everyMs: 60_000,
          run: () => {
            runs.push('slow');
            return new Promise<void>((resolve) => (release = resolve));
          },
        },
      ],
      { maintenanceDelayMs: 0 },
    );
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(runs.filter((name) => name === 'failing').length).toBeGreaterThan(1);
    expect(runs.filter((name) => name === 'slow')).toHaveLength(1);
    let stopped = false;
    const stopping = worker.stop().then(() => (stopped = true));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(stopped).toBe(true);
  });

  it('runs a job with wake-ups at once and a maintenance job only after the start-up delay', async () => {
    const runs: string[] = [];
    const worker = startWorker(
      { db: {} as Database, clock: new ManualClock(), log: pino({ level: 'silent' }) },
      [
        { name: 'deliver', everyMs: 60_000, run: async () => void runs.push('deliver'), wakeOn: () => () => undefined },
        { name: 'prune', everyMs: 60_000, run: async () => void runs.push('prune') },
      ],
      { maintenanceDelayMs: 50 },
    );
    await new Promise((resolve) => setTimeout(resolve, 15));
    expect(runs).toEqual(['deliver']);
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(runs).toEqual(['deliver', 'prune']);
    await worker.stop();
  });

  it('stops before a delayed maintenance job has run', async () => {
    const runs: string[] = [];
    const worker = startWorker({ db: {} as Database, clock: new ManualClock(), log: pino({ level: 'silent' }) }, [
      { name: 'prune', everyMs: 60_000, run: async () => void runs.push('prune') },
    ]);
    await worker.stop();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(runs).toEqual([]);
  });
});
