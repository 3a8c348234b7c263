import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import { lockDataDir } from './data-dir-lock.ts';
import { createPool } from './postgres-pool.ts';
import { PipelinedReads, attachPipelinedReads } from './pipelined-reads.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;
/** A Drizzle handle on either engine; transactions have the same type. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Database;
  kind: DatabaseKind;
  /** Run by this process (PGlite, or the embedded PostgreSQL of DATA_DIR): no other process can share its worker. */
  embedded?: boolean;
  /** Applies the committed migrations (idempotent; serialised across processes on PostgreSQL). */
  migrate(): Promise<void>;
  /**
   * Runs `work` while no other Payrail process runs start-up work (migrating, seeding) on this database: on PostgreSQL
   * it holds the migration lock, on a connection of its own that `work` gets as `db`; PGlite serves one process.
   */
  exclusively<Result>(work: (db: Database) => Promise<Result>): Promise<Result>;
  close(): Promise<void>;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
// Arbitrary but fixed: every Payrail process takes the same advisory lock while migrating and seeding.
const MIGRATION_LOCK_ID = 727_245_001;

export interface DatabaseOptions {
  /** postgres:// URL; without it the embedded PGlite is used. */
  databaseUrl?: string | undefined;
  /** PGlite data directory, locked for this process while open (data-dir-lock.ts); omitted means in memory. */
  pgliteDir?: string | undefined;
  /** An in-memory PGlite starts from this `dumpDataDir()` tarball instead of a new cluster (tests: migrated once). */
  pgliteSnapshot?: Blob | undefined;
  poolSize?: number;
  /** PostgreSQL: short reads share one pipelined connection besides the pool (pipelined-reads.ts); default on. */
  pipelinedReads?: boolean;
}

/** Opens PostgreSQL when a URL is given, else the embedded PGlite. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? 10, options.pipelinedReads ?? true);
  return openPglite(options.pgliteDir, options.pgliteSnapshot);
}

async function openPglite(dataDir: string | undefined, snapshot: Blob | undefined): Promise<DatabaseHandle> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const unlock = dataDir ? lockDataDir(dataDir) : () => undefined;
  let client: PGlite;
  try {
    // The contrib extensions the migrations create (the payments search index: trigrams with the organisation in it).
    const options = { extensions: { btree_gin, pg_trgm } };
    client = dataDir ? new PGlite(dataDir, options) : new PGlite(snapshot ? { ...options, loadDataDir: snapshot } : options);
    await client.waitReady;
  } catch (error) {
    unlock();
    throw error;
  }
  const db = drizzlePglite({ client, schema });
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    embedded: true,
    migrate: () => migratePglite(db, { migrationsFolder }),
    exclusively: (work) => work(db),
    close: async () => {
      try {
        await client.close();
      } finally {
        unlock();
      }
    },
  };
}

async function openPostgres(databaseUrl: string, poolSize: number, pipelined: boolean): Promise<DatabaseHandle> {
  const pool = createPool(databaseUrl, poolSize);
  const db = drizzlePostgres({ client: pool, schema });
  await db.execute(sql`select 1`);
  const reads = pipelined ? new PipelinedReads(databaseUrl) : undefined;
  if (reads) attachPipelinedReads(db, reads);
  const exclusively = async <Result>(work: (db: Database) => Promise<Result>): Promise<Result> => {
    const client = await pool.connect();
    try {
      await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
      return await work(drizzlePostgres({ client, schema }));
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
      client.release();
    }
  };
  return {
    db: db as unknown as Database,
    kind: 'postgres',
    migrate: () => exclusively((locked) => migratePostgres(locked as Parameters<typeof migratePostgres>[0], { migrationsFolder })),
    exclusively,
    close: async () => {
      await reads?.close();
      await pool.end();
    },
  };
}
