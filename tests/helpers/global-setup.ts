// Vitest globalSetup: migrates one database per run, which createTestDatabase() copies for every test file, instead of
// running every migration once per file (the largest fixed cost of a file). Tests of migrate() itself open empty
// databases (createEmptyPostgresDatabase, openDatabase) and still run it.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/db/client.ts';
import { adminQuery, postgresUrlOf } from './database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite's data directory as an uncompressed tarball (`dumpDataDir('none')`); PGlite runs only. */
    pgliteSnapshotPath?: string;
    /** A migrated PostgreSQL database beside TEST_DATABASE_URL to create test databases from; PostgreSQL runs only. */
    postgresTemplate?: string;
  }
}

/** Prepares the run's migrated database and returns its teardown. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  return process.env['TEST_DATABASE_URL'] ? preparePostgresTemplate(project) : preparePgliteSnapshot(project);
}

async function preparePgliteSnapshot(project: TestProject): Promise<() => Promise<void>> {
  const handle = await openDatabase({});
  let tarball: Blob;
  try {
    await handle.migrate();
    // Uncompressed: every test file loads it, and gunzipping costs more than reading a few more megabytes.
    tarball = await (handle.db as unknown as { $client: PGlite }).$client.dumpDataDir('none');
  } finally {
    await handle.close();
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'payrail-pglite-'));
  const snapshotPath = path.join(dir, 'migrated.tar');
  writeFileSync(snapshotPath, new Uint8Array(await tarball.arrayBuffer()));
  project.provide('pgliteSnapshotPath', snapshotPath);
  return async () => rmSync(dir, { recursive: true, force: true });
}

async function preparePostgresTemplate(project: TestProject): Promise<() => Promise<void>> {
  const name = `payrail_tpl_${process.pid}`;
  await adminQuery(`drop database if exists ${name} with (force)`);
  await adminQuery(`create database ${name}`);
  // A template must have no other connection while it is copied: this one closes before any test file starts.
  const handle = await openDatabase({ databaseUrl: postgresUrlOf(name), poolSize: 1, pipelinedReads: false });
  try {
    await handle.migrate();
  } finally {
    await handle.close();
  }
  project.provide('postgresTemplate', name);
  return async () => void (await adminQuery(`drop database if exists ${name} with (force)`));
}
