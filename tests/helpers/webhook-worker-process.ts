// A worker process for the crash test: server/worker.ts with a short delivery timeout and lease, so rows
// of a killed worker come back within seconds instead of a minute. Env: DATABASE_URL, DATA_KEY (hex).
import pino from 'pino';
import { systemClock } from '../../server/clock.ts';
import { openDatabase } from '../../server/db/client.ts';
import { workerJobs } from '../../server/services/worker/jobs.ts';
import { startWorker } from '../../server/services/worker/worker-loop.ts';

const databaseUrl = process.env['DATABASE_URL'];
const dataKey = process.env['DATA_KEY'];
if (!databaseUrl || !dataKey) throw new Error('DATABASE_URL and DATA_KEY are required');
const database = await openDatabase({ databaseUrl });
const worker = startWorker(
  { db: database.db, clock: systemClock, log: pino({ level: process.env['LOG_LEVEL'] ?? 'warn' }) },
  workerJobs({
    apiLogRetentionDays: 30,
    webhookLogRetentionDays: 90,
    reconcileAfterMinutes: 30,
    dataKey: Buffer.from(dataKey, 'hex'),
    targets: { allowPrivate: true, trustedOrigins: [] },
    publicUrl: 'http://payrail.test',
    webhookPollMs: 100,
    webhookTimeoutMs: 1000,
    webhookLeaseMs: 2000,
  }),
);
console.log('worker ready');
process.on('SIGTERM', () => {
  void worker.stop().then(() => database.close());
});
