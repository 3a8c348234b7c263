import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../../server/db/client.ts';

/** Which engine this run uses: PostgreSQL when TEST_DATABASE_URL is set, else PGlite. */
export const testEngine = process.env['TEST_DATABASE_URL'] ? 'postgres' : 'pglite';

/**
 * A freshly migrated database for one test file: an in-memory PGlite, or a new PostgreSQL
 * database created beside TEST_DATABASE_URL and dropped on close.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  if (!process.env['TEST_DATABASE_URL']) {
    const handle = await openDatabase({});
    await handle.migrate();
    return handle;
  }
  const empty = await createEmptyPostgresDatabase();
  const handle = await openDatabase({ databaseUrl: empty.url, poolSize: 20 });
  await handle.migrate();
  return {
    ...handle,
    async close() {
      await handle.close();
      await empty.drop();
    },
  };
}

/** A new, empty PostgreSQL database beside TEST_DATABASE_URL (which must be set): its URL, and how to drop it. */
export async function createEmptyPostgresDatabase(): Promise<{ url: string; name: string; drop(): Promise<void> }> {
  const adminUrl = process.env['TEST_DATABASE_URL'];
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `payrail_t_${process.pid}_${randomBytes(4).toString('hex')}`;
  await adminQuery(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), name, drop: async () => void (await adminQuery(`drop database if exists ${name} with (force)`)) };
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
