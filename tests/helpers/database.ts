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
  const adminUrl = process.env['TEST_DATABASE_URL'];
  if (!adminUrl) {
    const handle = await openDatabase({});
    await handle.migrate();
    return handle;
  }
  const name = `payrail_t_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), poolSize: 20 });
  await handle.migrate();
  return {
    ...handle,
    async close() {
      await handle.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

/** Runs one statement on the PostgreSQL server of TEST_DATABASE_URL (create or drop a database beside it). */
export async function adminQuery(query: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env['TEST_DATABASE_URL'] });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}
