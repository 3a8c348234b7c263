import cluster from 'node:cluster';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { systemClock } from './clock.ts';
import { SHUTDOWN_MESSAGE } from './cluster.ts';
import { ensureSuperadmin } from './db/seed.ts';
import { firstStartBanner, serverLoggerOptions } from './logging.ts';
import { sealPlaintextBankCredentials } from './services/banks/banks-service.ts';
import { loadOrCreateSecrets } from './services/secrets.ts';
import { workerJobs } from './services/worker/jobs.ts';
import { startWorker } from './services/worker/worker-loop.ts';
import { configOrExit, openMigratedDatabaseOrExit, outboundTargets } from './start.ts';

const config = configOrExit();
const secrets = loadOrCreateSecrets(config.dataDir, config);
const database = await openMigratedDatabaseOrExit(config);
const app = await buildApp({
  database,
  jwtSecret: secrets.jwtSecret,
  dataKey: secrets.dataKey,
  publicUrl: config.publicUrl,
  logger: serverLoggerOptions(config.logLevel, process.stdout.isTTY === true),
  requestLog: { lineReads: config.requestLogReads, apiLogReads: config.apiLogReads },
  smtpUrl: config.smtpUrl,
  allowPrivateTargets: config.allowPrivateTargets,
  mailFrom: config.mailFrom,
  consoleDir: config.consoleDir,
  authRateLimitPerMinute: config.authRateLimitPerMinute,
  trustProxy: config.trustProxy,
  publicRateLimitPerMinute: config.publicRateLimitPerMinute,
  pspWebhookRateLimitPerMinute: config.pspWebhookRateLimitPerMinute,
  idempotencyLeaseMs: config.idempotencyLeaseSeconds * 1000,
  sandboxPsp: config.sandboxPsp,
  sandboxPspRateLimitPerMinute: config.sandboxPspRateLimitPerMinute,
  requireTwoFactorForSuperadmins: config.requireTwoFactorForSuperadmins,
  aiModel:
    config.aiBaseUrl && config.aiModel ? { baseUrl: config.aiBaseUrl, apiKey: config.aiApiKey ?? '', model: config.aiModel } : undefined,
});
const firstSuperadmin = await database.exclusively((db) =>
  ensureSuperadmin(db, app.log, { email: config.adminEmail, password: config.adminPassword }),
);
if (firstSuperadmin) {
  // On stderr, so that stdout stays one JSON object a line when it is not a terminal; before listening, so that a
  // start that fails next (port in use) still shows it.
  const signInUrl = `${config.publicUrl}/login`;
  process.stderr.write(
    `\n${firstStartBanner({ email: firstSuperadmin.email, password: firstSuperadmin.generatedPassword, signInUrl })}\n\n`,
  );
}
const sealedBanks = await sealPlaintextBankCredentials(database.db, secrets.dataKey);
if (sealedBanks > 0) app.log.info({ banks: sealedBanks }, 'sealed bank credentials that were stored in clear');

// An embedded database (PGlite, the embedded PostgreSQL) belongs to this process: its worker must live here
// (docs/decisions.md#topology). Of several API processes (server/cluster.ts) the primary gives WORKER=on to one.
const worker =
  config.worker === 'on' || database.embedded
    ? startWorker(
        { db: database.db, clock: systemClock, log: app.log },
        workerJobs({ ...config, dataKey: secrets.dataKey, targets: outboundTargets(config) }),
      )
    : undefined;

let closing = false;
const shutdown = closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
  closing = true;
  if (err) app.log.error({ err }, 'shutting down after an error');
  else app.log.info({ signal }, 'shutting down');
  await worker?.stop();
  await app.close();
  await database.close();
});

// One of several API processes (WEB_CONCURRENCY, server/cluster.ts): the primary asks it to stop. A signal to the
// whole process group (Ctrl-C) may have started the shutdown already.
if (cluster.isWorker) {
  process.on('message', (message) => {
    if (message === SHUTDOWN_MESSAGE && !closing) void shutdown.close();
  });
}

await app.listen({ port: config.port, host: config.host });
app.log.info(
  `Payrail is running at ${config.publicUrl} (database: ${database.embedded && database.kind === 'postgres' ? 'embedded PostgreSQL' : database.kind})`,
);
