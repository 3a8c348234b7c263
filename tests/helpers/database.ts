import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../server/db/client.ts';

/** Which engine this run uses: PostgreSQL when TEST_DATABASE_URL is set, else PGlite. */
export const testEngine = process.env['TEST_DATABASE_URL'] ? 'postgres' : 'pglite';

/**
 * A freshly migrated database for one test file: an in-memory PGlite, or a new PostgreSQL database created beside
 * TEST_DATABASE_URL and dropped on close. Both are copies of the run's migrated database (global-setup.ts).
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  if (!process.env['TEST_DATABASE_URL']) {
    const snapshotPath = inject('pgliteSnapshotPath');
    const snapshot = snapshotPath ? new Blob([await readFile(snapshotPath)]) : undefined;
    const handle = await openDatabase({ pgliteSnapshot: snapshot });
    // Finds nothing to do on the run's copy (cheap), and keeps every file honest if the copy is missing or stale.
    await handle.migrate();
    return handle;
  }
  const template = inject('postgresTemplate');
  const created = await createPostgresDatabase(template);
  const handle = await openDatabase({ databaseUrl: created.url, poolSize: 20 });
  await handle.migrate();
  return {
    ...handle,
    async close() {
      await handle.close();
      await created.drop();
    },
  };
}

/** A new, empty PostgreSQL database beside TEST_DATABASE_URL (which must be set): its URL, and how to drop it. */
export function createEmptyPostgresDatabase(): Promise<{ url: string; name: string; drop(): Promise<void> }> {
  return createPostgresDatabase(undefined);
}

async function createPostgresDatabase(template: string | undefined): Promise<{ url: string; name: string; drop(): Promise<void> }> {
  const name = `payrail_t_${process.pid}_${randomBytes(4).toString('hex')}`;
  await adminQuery(template ? `create database ${name} template ${template}` : `create database ${name}`);
  return { url: postgresUrlOf(name), name, drop: async () => void (await adminQuery(`drop database if exists ${name} with (force)`)) };
}

/** The URL of database `name` on TEST_DATABASE_URL's server (which must be set). */
export function postgresUrlOf(name: string): string {
  const adminUrl = process.env['TEST_DATABASE_URL'];
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs one statement on TEST_DATABASE_URL's database, on a connection of its own. */
export async function adminQuery<Row extends Record<string, unknown> = Record<string, unknown>>(
  text: string,
  values: unknown[] = [],
): Promise<Row[]> {
  const admin = new pg.Client({ connectionString: process.env['TEST_DATABASE_URL'] });
  await admin.connect();
  try {
    return (await admin.query<Row>(text, values)).rows;
  } finally {
    await admin.end();
  }
}
