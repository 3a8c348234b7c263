import path from 'node:path';
import { loadConfig, type Config } from './config.ts';
import { loadEnvFileIfPresent } from './env-file.ts';
import { openDatabase, type DatabaseHandle } from './db/client.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';
import type { TargetPolicy } from './services/adapter/target-guard.ts';
import { seedReferenceData } from './db/reference-data.ts';
import { seedProviders } from './db/provider-catalogue.ts';

/** Reads the configuration (the environment, and ./.env if present) or exits with the list of problems. */
export function configOrExit(): Config {
  loadEnvFileIfPresent();
  try {
    return loadConfig();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}

/** Opens PostgreSQL (DATABASE_URL) or the embedded PGlite in DATA_DIR/pg, migrates it and seeds reference data and the provider catalogue. */
export async function openMigratedDatabase(config: Config): Promise<DatabaseHandle> {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'pg') });
  await database.migrate();
  // Processes started together on an empty database would each count no rows and insert them all.
  await database.exclusively(async (db) => {
    await seedReferenceData(db);
    await seedProviders(db, config.publicUrl);
  });
  return database;
}

/** openMigratedDatabase for a command line: exits with the reason when another process holds the embedded database. */
export async function openMigratedDatabaseOrExit(config: Config): Promise<DatabaseHandle> {
  try {
    return await openMigratedDatabase(config);
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

/** Where outbound calls may go: public addresses, this server's own origin, and private ones when allowed. */
export function outboundTargets(config: Config): TargetPolicy {
  return { allowPrivate: config.allowPrivateTargets, trustedOrigins: [new URL(config.publicUrl).origin] };
}
