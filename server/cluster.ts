// WEB_CONCURRENCY=N (or auto): N API processes on one port, with node:cluster. This process (the primary) serves no
// request: it starts what the processes share (the embedded PostgreSQL when there is no DATABASE_URL), forks them
// (server/main.ts again, which runs server/serve.ts in a worker), restarts one that crashes, and stops them all, then the
// database, on SIGTERM or SIGINT. The background jobs (webhook deliveries, reconciling, pruning) run in one of them
// only: the first process runs them (WORKER=on), the others not; a replacement of the first runs them again.
// PGlite cannot be shared (its data lives in one process), so with it several processes are refused (docs/scale-out.md).
import cluster, { type Worker } from 'node:cluster';
import os from 'node:os';
import pino from 'pino';
import { loadConfig, type Config } from './config.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';
import { startSharedEmbeddedStore } from './db/default-store.ts';
import { EmbeddedPostgresUnavailableError } from './db/embedded-postgres.ts';
import { processLoggerOptions } from './logging.ts';
import { loadOrCreateSecrets } from './services/secrets.ts';

/** What the primary sends an API process to make it stop gracefully (server/serve.ts). */
export const SHUTDOWN_MESSAGE = 'payrail:shutdown';
/** How long the API processes get to finish their requests and jobs before they are killed. */
const STOP_TIMEOUT_MS = 15_000;
/** A process that crashes again within this time after a restart waits longer before the next one (up to the maximum). */
const RESTART_WINDOW_MS = 60_000;
const MAX_RESTART_DELAY_MS = 30_000;
/** The embedded PostgreSQL accepts PostgreSQL's default 100 connections; an API process holds up to 11 (docs/scale-out.md). */
const EMBEDDED_MAX_PROCESSES = 8;

/** The number of API processes WEB_CONCURRENCY asks for: `auto` is the cores this process may use (at most 8 on the embedded database). */
export function apiProcessCount(setting: Config['webConcurrency'], embedded: boolean): number {
  if (setting !== 'auto') return setting;
  return embedded ? Math.min(os.availableParallelism(), EMBEDDED_MAX_PROCESSES) : os.availableParallelism();
}

/** Whether the environment asks for more than one API process; decided before the server's modules load. */
export function wantsSeveralProcesses(env: NodeJS.ProcessEnv = process.env): boolean {
  const value = env['WEB_CONCURRENCY']?.trim() ?? '';
  return value !== '' && value !== '1';
}

function configOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}

/** The database URL every process connects to and how to stop what was started for it; undefined: run one process. */
async function sharedDatabase(config: Config, count: number, log: pino.Logger) {
  if (config.databaseUrl) return { url: config.databaseUrl, stop: async () => undefined };
  if (count > EMBEDDED_MAX_PROCESSES) {
    console.error(
      `WEB_CONCURRENCY=${count}: the embedded database serves at most ${EMBEDDED_MAX_PROCESSES} API processes (each holds up to ` +
        '11 of its 100 connections). Set a smaller number, or DATABASE_URL for a PostgreSQL configured for more connections.',
    );
    process.exit(1);
  }
  try {
    const store = await startSharedEmbeddedStore({
      dataDir: config.dataDir,
      engine: config.databaseEngine,
      log: (message) => log.info(message),
    });
    if (store.engine === 'postgres') return store;
  } catch (error) {
    if (!(error instanceof DataDirLockedError) && !(error instanceof EmbeddedPostgresUnavailableError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
  if (config.webConcurrency === 'auto') {
    log.warn('WEB_CONCURRENCY=auto: the embedded database is PGlite, which belongs to one process, so Payrail runs one API process');
    return undefined;
  }
  console.error(
    `WEB_CONCURRENCY=${count} needs a database that several processes can share, and this DATA_DIR uses PGlite, which runs ` +
      'inside one process. Use the embedded PostgreSQL (leave DATABASE_ENGINE unset, or set it to postgres, on a DATA_DIR ' +
      'without PGlite data), set DATABASE_URL, or set WEB_CONCURRENCY=1.',
  );
  process.exit(1);
}

/**
 * Runs WEB_CONCURRENCY API processes when it asks for more than one and the database allows it; resolves false when
 * this process should serve alone instead (server/serve.ts).
 */
export async function startApiProcesses(): Promise<boolean> {
  const config = configOrExit();
  const count = apiProcessCount(config.webConcurrency, !config.databaseUrl);
  if (count <= 1) return false;
  const log = pino(processLoggerOptions(config.logLevel, process.stdout.isTTY === true));
  const database = await sharedDatabase(config, count, log);
  if (!database) return false;
  // Generated once here, so that the processes do not each generate their own (and one session key each).
  loadOrCreateSecrets(config.dataDir, config);
  // The embedded database's jobs must run somewhere whatever WORKER says (as with one process); with DATABASE_URL,
  // WORKER=off leaves them to `npm run worker` processes.
  const runsJobs = !config.databaseUrl || config.worker === 'on';

  const slots = new Map<Worker, number>();
  const listening = new Set<Worker>();
  const recentRestarts: number[][] = Array.from({ length: count }, () => []);
  let started = false;
  let stopping = false;

  const fork = (slot: number) => {
    const worker = cluster.fork({ DATABASE_URL: database.url, WORKER: slot === 0 && runsJobs ? 'on' : 'off' });
    slots.set(worker, slot);
  };

  const stopAll = async (exitCode: number) => {
    if (stopping) return;
    stopping = true;
    const workers = [...slots.keys()].filter((worker) => !worker.isDead());
    const exited = workers.map((worker) => new Promise<void>((resolve) => worker.once('exit', () => resolve())));
    for (const worker of workers) if (worker.isConnected()) worker.send(SHUTDOWN_MESSAGE);
    const killer = setTimeout(() => {
      for (const worker of workers) if (!worker.isDead()) worker.process.kill('SIGKILL');
    }, STOP_TIMEOUT_MS);
    await Promise.all(exited);
    clearTimeout(killer);
    await database.stop();
    log.info('all API processes stopped');
    process.exit(exitCode);
  };

  cluster.on('listening', (worker) => {
    listening.add(worker);
    if (!started && listening.size === count) {
      started = true;
      log.info(
        { pids: [...listening].map((item) => item.process.pid) },
        `Payrail is running at ${config.publicUrl} with ${count} API processes (database: ${config.databaseUrl ? 'postgres' : 'embedded PostgreSQL'})`,
      );
    }
  });

  cluster.on('exit', (worker, code, signal) => {
    const slot = slots.get(worker) ?? 0;
    slots.delete(worker);
    listening.delete(worker);
    if (stopping) return;
    if (!started) {
      // One of the first ones could not start (a port in use, a database it cannot reach): restarting would fail alike.
      log.error({ pid: worker.process.pid, code, signal }, 'an API process stopped before it started serving; stopping Payrail');
      void stopAll(1);
      return;
    }
    const now = Date.now();
    const recent = recentRestarts[slot]!.filter((at) => now - at < RESTART_WINDOW_MS);
    const delayMs = recent.length === 0 ? 0 : Math.min(MAX_RESTART_DELAY_MS, 1000 * 2 ** (recent.length - 1));
    recentRestarts[slot] = [...recent, now];
    log.error({ pid: worker.process.pid, code, signal, restartInMs: delayMs }, 'an API process exited; starting another');
    setTimeout(() => {
      if (!stopping) fork(slot);
    }, delayMs);
  });

  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) {
    process.on(signal, () => {
      log.info({ signal }, 'shutting down the API processes');
      void stopAll(0);
    });
  }
  for (let slot = 0; slot < count; slot++) fork(slot);
  return true;
}
