import { loadConfig, type Config } from './config.ts';
import { loadEnvFileIfPresent } from './env-file.ts';
import type { DatabaseHandle } from './db/client.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';
import { openDefaultStore } from './db/default-store.ts';
import { EmbeddedPostgresUnavailableError } from './db/embedded-postgres.ts';
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

/**
 * Opens PostgreSQL (DATABASE_URL) or the embedded database of DATA_DIR (server/db/default-store.ts), migrates it and
 * seeds reference data and the provider catalogue.
 */
export async function openMigratedDatabase(config: Config): Promise<DatabaseHandle> {
  const database = await openDefaultStore({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, engine: config.databaseEngine });
  await database.migrate();
  // Processes started together on an empty database would each count no rows and insert them all.
  await database.exclusively(async (db) => {
    await seedReferenceData(db);
    await seedProviders(db, config.publicUrl);
  });
  return database;
}

/** openMigratedDatabase for a command line: exits with the reason when another process holds the embedded database or it cannot run. */
export async function openMigratedDatabaseOrExit(config: Config): Promise<DatabaseHandle> {
  try {
    return await openMigratedDatabase(config);
  } catch (error) {
    if (!(error instanceof DataDirLockedError) && !(error instanceof EmbeddedPostgresUnavailableError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

/** Where outbound calls may go: public addresses, this server's own origin, and private ones when allowed. */
export function outboundTargets(config: Config): TargetPolicy {
  return { allowPrivate: config.allowPrivateTargets, trustedOrigins: [new URL(config.publicUrl).origin] };
}
