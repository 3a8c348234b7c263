// The embedded PostgreSQL that `npm start` runs without DATABASE_URL (server/db/embedded-postgres.ts,
// server/db/default-store.ts): first start, data kept across a restart, a clean stop, the directory refused to a
// second process, recovery after the owning process is killed with SIGKILL, and the choice between it and PGlite.
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../../server/db/raw.ts';
import { DataDirLockedError } from '../../../../server/db/data-dir-lock.ts';
import { chooseEmbeddedEngine, embeddedPaths, openDefaultStore } from '../../../../server/db/default-store.ts';
import {
  EmbeddedPostgresUnavailableError,
  checkEmbeddedPostgres,
  embeddedMemorySettings,
  startEmbeddedPostgres,
} from '../../../../server/db/embedded-postgres.ts';
import { startNodeProcess } from '../../../helpers/node-process.ts';

const root = mkdtempSync(path.join(os.tmpdir(), 'payrail-embedded-'));
// As a checkout or DATA_DIR usually is: a root run's database user must be able to enter it (mkdtemp makes it 0700).
chmodSync(root, 0o755);
afterAll(() => rmSync(root, { recursive: true, force: true }));

// Where this machine cannot run it (no binaries for the platform; root with a checkout its database user cannot
// enter), `npm start` falls back to PGlite with the reason (tested below), and these tests say why they skip.
let unavailable: string | undefined;
try {
  await checkEmbeddedPostgres(path.join(root, 'probe', 'postgres'));
} catch (error) {
  if (!(error instanceof EmbeddedPostgresUnavailableError)) throw error;
  unavailable = error.message;
  console.warn(`embedded PostgreSQL tests skipped: ${unavailable}`);
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe.skipIf(unavailable !== undefined)('the embedded PostgreSQL', () => {
  it('starts on first use, migrates, keeps its data across a restart and stops cleanly', { timeout: 300_000 }, async () => {
    const dataDir = path.join(root, 'restart');
    const first = await openDefaultStore({ databaseUrl: undefined, dataDir, engine: undefined, log: () => undefined });
    expect(first.kind).toBe('postgres');
    expect(first.embedded).toBe(true);
    await first.migrate();
    await first.db.execute(sql`insert into currencies (code, name) values ('XTS', 'Testing code')`);
    const clusterDir = embeddedPaths(dataDir).postgres;
    await first.close();
    // A clean stop: PostgreSQL removes its pid file, and the lock is released.
    expect(existsSync(path.join(clusterDir, 'postmaster.pid'))).toBe(false);
    expect(existsSync(`${clusterDir}.lock`)).toBe(false);

    const second = await openDefaultStore({ databaseUrl: undefined, dataDir, engine: undefined, log: () => undefined });
    try {
      const rows = await queryRows<{ name: string }>(second.db, sql`select name from currencies where code = 'XTS'`);
      expect(rows).toEqual([{ name: 'Testing code' }]);
      // Started with this machine's share of memory, not PostgreSQL's default 128 MB of shared buffers.
      const [buffers] = await queryRows<{ mb: string }>(
        second.db,
        sql`select (setting::bigint * 8192 / 1048576)::text as mb from pg_settings where name = 'shared_buffers'`,
      );
      expect(`${buffers?.mb}MB`).toBe(embeddedMemorySettings(os.totalmem()).shared_buffers);
    } finally {
      await second.close();
    }
  });

  it('refuses a second process, and recovers after its owner is killed with SIGKILL', { timeout: 300_000 }, async () => {
    const clusterDir = path.join(root, 'killed', 'postgres');
    const holder = await startNodeProcess('tests/fixtures/embedded-postgres-holder.ts', { CLUSTER_DIR: clusterDir }, /ready \d+/);
    const orphanPid = Number(/ready (\d+)/.exec(holder.output())![1]);
    await expect(startEmbeddedPostgres({ clusterDir, logFile: `${clusterDir}.log`, log: () => undefined })).rejects.toThrow(
      DataDirLockedError,
    );

    await holder.stop('SIGKILL');
    // The killed process could not stop its database: it runs on, holding postmaster.pid.
    expect(isAlive(orphanPid)).toBe(true);

    const messages: string[] = [];
    const cluster = await startEmbeddedPostgres({ clusterDir, logFile: `${clusterDir}.log`, log: (m) => messages.push(m) });
    try {
      expect(isAlive(orphanPid)).toBe(false);
      expect(cluster.pid).not.toBe(orphanPid);
      expect(messages.join('\n')).toContain(`left running by a Payrail process that ended without stopping it`);
      const client = new pg.Client({ connectionString: cluster.url });
      await client.connect();
      const { rows } = await client.query('select name from survivors');
      await client.end();
      expect(rows).toEqual([{ name: 'written before SIGKILL' }]);
    } finally {
      await cluster.stop();
    }
  });
});

describe("the embedded PostgreSQL's memory", () => {
  const GiB = 1024 ** 3;

  it('gives shared buffers an eighth of the RAM, at least 128 MB and at most 1 GB', () => {
    expect(embeddedMemorySettings(0.5 * GiB).shared_buffers).toBe('128MB');
    expect(embeddedMemorySettings(2 * GiB).shared_buffers).toBe('256MB');
    expect(embeddedMemorySettings(4 * GiB).shared_buffers).toBe('512MB');
    expect(embeddedMemorySettings(24 * GiB).shared_buffers).toBe('1024MB');
  });
});

describe('which embedded engine a data directory gets', () => {
  const dataDir = path.join(root, 'choice');

  it('is the embedded PostgreSQL by default', () => {
    expect(chooseEmbeddedEngine(dataDir, undefined, undefined)).toEqual({ engine: 'postgres' });
  });

  it('is PGlite, with the reason, where the embedded PostgreSQL cannot run', () => {
    const choice = chooseEmbeddedEngine(dataDir, undefined, 'no PostgreSQL binaries are installed for aix-ppc64');
    expect(choice.engine).toBe('pglite');
    expect(choice.notice).toContain('no PostgreSQL binaries are installed for aix-ppc64');
  });

  it('stays PGlite for a directory that holds PGlite data, and says how to switch', () => {
    mkdirSync(path.join(dataDir, 'pg'), { recursive: true });
    writeFileSync(path.join(dataDir, 'pg', 'PG_VERSION'), '17\n');
    const choice = chooseEmbeddedEngine(dataDir, undefined, undefined);
    expect(choice.engine).toBe('pglite');
    expect(choice.notice).toContain(`move ${path.join(dataDir, 'pg')} away`);
  });

  it('is what DATABASE_ENGINE asks for', () => {
    expect(chooseEmbeddedEngine(dataDir, 'postgres', undefined)).toEqual({ engine: 'postgres' });
    expect(chooseEmbeddedEngine(path.join(root, 'empty'), 'pglite', undefined)).toEqual({ engine: 'pglite' });
  });
});
