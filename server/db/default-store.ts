// Which database a process opens: DATABASE_URL when set; otherwise the embedded PostgreSQL in DATA_DIR/postgres
// (embedded-postgres.ts), or PGlite in DATA_DIR/pg when asked for (DATABASE_ENGINE=pglite), when DATA_DIR already
// holds PGlite data, or when this machine cannot run the embedded PostgreSQL (docs/embedded-database.md).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { openDatabase, type DatabaseHandle } from './client.ts';
import { EmbeddedPostgresUnavailableError, checkEmbeddedPostgres, startEmbeddedPostgres } from './embedded-postgres.ts';

/** DATABASE_ENGINE: `postgres` (the embedded PostgreSQL, the default) or `pglite`. */
export type EmbeddedEngine = 'postgres' | 'pglite';

export interface DefaultStoreOptions {
  databaseUrl: string | undefined;
  dataDir: string;
  /** Undefined: the embedded PostgreSQL unless DATA_DIR holds PGlite data or this machine cannot run it. */
  engine: EmbeddedEngine | undefined;
  log?: (message: string) => void;
}

/** Where each embedded engine keeps its files under DATA_DIR. */
export function embeddedPaths(dataDir: string) {
  return { pglite: path.join(dataDir, 'pg'), postgres: path.join(dataDir, 'postgres'), postgresLog: path.join(dataDir, 'postgres.log') };
}

/**
 * The engine for a DATA_DIR without DATABASE_URL. An explicit choice wins; otherwise PGlite data already there keeps
 * PGlite (its files cannot be opened by PostgreSQL), else the embedded PostgreSQL when `unavailable` gives no reason.
 */
export function chooseEmbeddedEngine(
  dataDir: string,
  requested: EmbeddedEngine | undefined,
  unavailable: string | undefined,
): { engine: EmbeddedEngine; notice?: string } {
  if (requested) return { engine: requested };
  const paths = embeddedPaths(dataDir);
  if (existsSync(path.join(paths.pglite, 'PG_VERSION')) && !existsSync(path.join(paths.postgres, 'PG_VERSION'))) {
    return {
      engine: 'pglite',
      notice:
        `${paths.pglite} holds data of PGlite, the embedded database of earlier Payrail versions, so Payrail keeps using it. ` +
        'The embedded PostgreSQL that new data directories get is several times faster (docs/embedded-database.md): to ' +
        `switch, stop Payrail and move ${paths.pglite} away (your PGlite data stays there; start with DATABASE_ENGINE=pglite ` +
        'to open it again). DATABASE_ENGINE=pglite silences this notice.',
    };
  }
  if (unavailable) {
    return { engine: 'pglite', notice: `Using the embedded PGlite: the embedded PostgreSQL cannot run here: ${unavailable}` };
  }
  return { engine: 'postgres' };
}

async function unavailableReason(clusterDir: string): Promise<string | undefined> {
  try {
    await checkEmbeddedPostgres(clusterDir);
    return undefined;
  } catch (error) {
    if (error instanceof EmbeddedPostgresUnavailableError) return error.message;
    throw error;
  }
}

/** The embedded engine DATA_DIR gets (see chooseEmbeddedEngine), after asking whether this machine can run PostgreSQL. */
async function embeddedEngineFor(dataDir: string, requested: EmbeddedEngine | undefined) {
  // An explicit DATABASE_ENGINE=postgres reports why it cannot run instead of falling back.
  const unavailable = requested ? undefined : await unavailableReason(embeddedPaths(dataDir).postgres);
  return chooseEmbeddedEngine(dataDir, requested, unavailable);
}

/** What several processes on one DATA_DIR share: the embedded PostgreSQL's URL, or PGlite, which one process owns. */
export type SharedEmbeddedStore = { engine: 'postgres'; url: string; stop(): Promise<void> } | { engine: 'pglite'; notice?: string };

/**
 * For several API processes without DATABASE_URL (WEB_CONCURRENCY, server/cluster.ts): starts the embedded PostgreSQL
 * of DATA_DIR here, once, for them all to connect to; PGlite is only reported (its data lives in one process).
 */
export async function startSharedEmbeddedStore(options: Omit<DefaultStoreOptions, 'databaseUrl'>): Promise<SharedEmbeddedStore> {
  const { engine, notice } = await embeddedEngineFor(options.dataDir, options.engine);
  if (engine === 'pglite') return { engine, ...(notice ? { notice } : {}) };
  const paths = embeddedPaths(options.dataDir);
  const cluster = await startEmbeddedPostgres({
    clusterDir: paths.postgres,
    logFile: paths.postgresLog,
    ...(options.log ? { log: options.log } : {}),
  });
  return { engine, url: cluster.url, stop: () => cluster.stop() };
}

/** Opens DATABASE_URL, or the embedded engine for DATA_DIR; closing the handle also stops an embedded PostgreSQL. */
export async function openDefaultStore(options: DefaultStoreOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openDatabase({ databaseUrl: options.databaseUrl });
  const log = options.log ?? ((message: string) => console.error(message));
  const paths = embeddedPaths(options.dataDir);
  const { engine, notice } = await embeddedEngineFor(options.dataDir, options.engine);
  if (notice) log(notice);
  if (engine === 'pglite') return openDatabase({ pgliteDir: paths.pglite });

  const cluster = await startEmbeddedPostgres({ clusterDir: paths.postgres, logFile: paths.postgresLog, log });
  let database: DatabaseHandle;
  try {
    database = await openDatabase({ databaseUrl: cluster.url });
  } catch (error) {
    await cluster.stop();
    throw error;
  }
  return {
    ...database,
    embedded: true,
    close: async () => {
      try {
        await database.close();
      } finally {
        await cluster.stop();
      }
    },
  };
}
