import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { systemClock } from './clock.ts';
import { ensureSuperadmin } from './db/seed.ts';
import { loadOrCreateSecrets } from './services/secrets.ts';
import { workerJobs } from './services/worker/jobs.ts';
import { startWorker } from './services/worker/worker-loop.ts';
import { configOrExit, openMigratedDatabase, outboundTargets } from './start.ts';

const config = configOrExit();
const secrets = loadOrCreateSecrets(config.dataDir, config);
const database = await openMigratedDatabase(config);
const app = await buildApp({
  database,
  jwtSecret: secrets.jwtSecret,
  dataKey: secrets.dataKey,
  publicUrl: config.publicUrl,
  logger: { level: config.logLevel },
  smtpUrl: config.smtpUrl,
  allowPrivateTargets: config.allowPrivateTargets,
  mailFrom: config.mailFrom,
  consoleDir: config.consoleDir,
  authRateLimitPerMinute: config.authRateLimitPerMinute,
  publicRateLimitPerMinute: config.publicRateLimitPerMinute,
  pspWebhookRateLimitPerMinute: config.pspWebhookRateLimitPerMinute,
  aiModel:
    config.aiBaseUrl && config.aiModel ? { baseUrl: config.aiBaseUrl, apiKey: config.aiApiKey ?? '', model: config.aiModel } : undefined,
});
await database.exclusively((db) => ensureSuperadmin(db, app.log, { email: config.adminEmail, password: config.adminPassword }));

// PGlite is one process, one session: its worker must live here (DESIGN §3).
const worker =
  config.worker === 'on' || database.kind === 'pglite'
    ? startWorker(
        { db: database.db, clock: systemClock, log: app.log },
        workerJobs({ ...config, dataKey: secrets.dataKey, targets: outboundTargets(config) }),
      )
    : undefined;

closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
  if (err) app.log.error({ err }, 'shutting down after an error');
  else app.log.info({ signal }, 'shutting down');
  await worker?.stop();
  await app.close();
  await database.close();
});

await app.listen({ port: config.port, host: config.host });
app.log.info(`Payrail is running at ${config.publicUrl} (database: ${database.kind})`);
