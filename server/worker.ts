import closeWithGrace from 'close-with-grace';
import pino from 'pino';
import { systemClock } from './clock.ts';
import { serializeError } from './db/error-log.ts';
import { workerJobs } from './services/worker/jobs.ts';
import { startWorker } from './services/worker/worker-loop.ts';
import { loadOrCreateSecrets } from './services/secrets.ts';
import { processLoggerOptions } from './logging.ts';
import { configOrExit, openMigratedDatabase, outboundTargets } from './start.ts';

const config = configOrExit();
if (!config.databaseUrl) {
  console.error(
    'npm run worker needs PostgreSQL (set DATABASE_URL): with the embedded PGlite database the worker runs inside the API process started by npm start.',
  );
  process.exit(1);
}
const log = pino({ ...processLoggerOptions(config.logLevel, process.stdout.isTTY === true), serializers: { err: serializeError } });
const database = await openMigratedDatabase(config);
const { dataKey } = loadOrCreateSecrets(config.dataDir, config);
const worker = startWorker(
  { db: database.db, clock: systemClock, log },
  workerJobs({ ...config, dataKey, targets: outboundTargets(config) }),
);

closeWithGrace({ delay: 10_000 }, async ({ signal }) => {
  log.info({ signal }, 'worker shutting down');
  await worker.stop();
  await database.close();
});
