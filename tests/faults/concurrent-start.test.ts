// Two API processes and a worker started at the same moment on an empty PostgreSQL database: every one comes up, and
// the reference data, the provider catalogue and the first superadmin exist exactly once.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/client.ts';
import { CATALOGUE } from '../../server/db/provider-catalogue.ts';
import { queryRows } from '../../server/db/raw.ts';
import { SEED_COUNTRIES, SEED_CURRENCIES } from '../../server/db/reference-data.ts';
import { loadConfig } from '../../server/config.ts';
import { openMigratedDatabase } from '../../server/start.ts';
import { TEST_DATA_KEY } from '../helpers/app.ts';
import { createEmptyPostgresDatabase, testEngine } from '../helpers/database.ts';
import { freePort } from '../helpers/net.ts';
import { serverEnvironment, startApiProcess, startNodeProcess, stopAllNodeProcesses, type NodeProcess } from '../helpers/node-process.ts';

describe.skipIf(testEngine !== 'postgres')('several processes started at once on an empty database', () => {
  const started: NodeProcess[] = [];
  let empty: Awaited<ReturnType<typeof createEmptyPostgresDatabase>> | undefined;
  let dataDir: string | undefined;
  afterAll(async () => {
    // Every process the file started, including one whose start failed or never finished (it is in no list here).
    await stopAllNodeProcesses();
    await empty?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const seededCounts = async (databaseUrl: string) => {
    const check = await openDatabase({ databaseUrl, poolSize: 1, pipelinedReads: false });
    try {
      const [counts] = await queryRows<Record<string, number>>(
        check.db,
        sql`select (select count(*)::int from countries) as countries, (select count(*)::int from currencies) as currencies,
          (select count(*)::int from providers) as providers, (select count(*)::int from users where role = 'superadmin') as superadmins`,
      );
      return counts;
    } finally {
      await check.close();
    }
  };
  const SEEDED = { countries: SEED_COUNTRIES.length, currencies: SEED_CURRENCIES.length, providers: CATALOGUE.length + 1 };

  it('the start-up path run five times at once on a migrated, unseeded database seeds once', async () => {
    const fresh = await createEmptyPostgresDatabase();
    try {
      // Migrated already, so the five reach the seeding together instead of one after another behind the migrations.
      const migrated = await openDatabase({ databaseUrl: fresh.url, poolSize: 1, pipelinedReads: false });
      await migrated.migrate();
      await migrated.close();
      const config = loadConfig({ DATABASE_URL: fresh.url, PUBLIC_URL: 'http://127.0.0.1:3000' });
      const opened = await Promise.allSettled([1, 2, 3, 4, 5].map(() => openMigratedDatabase(config)));
      await Promise.all(opened.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value.close()] : [])));
      expect(opened.filter((outcome) => outcome.status === 'rejected').map((outcome) => String(outcome.reason))).toEqual([]);
      expect(await seededCounts(fresh.url)).toEqual({ ...SEEDED, superadmins: 0 });
    } finally {
      await fresh.drop();
    }
  });

  it('two API processes and a worker all come up, and the seeded rows and the superadmin exist once', { timeout: 90_000 }, async () => {
    empty = await createEmptyPostgresDatabase();
    dataDir = mkdtempSync(path.join(tmpdir(), 'payrail-start-'));
    const environment = async () =>
      serverEnvironment({ databaseUrl: empty!.url, port: await freePort(), dataDir: dataDir!, dataKey: TEST_DATA_KEY });
    const [first, second, worker] = [await environment(), await environment(), await environment()];
    const outcomes = await Promise.allSettled([
      startApiProcess(first),
      startApiProcess(second),
      startNodeProcess('server/worker.ts', { ...worker, LOG_LEVEL: 'info' }, /worker started/),
    ]);
    for (const outcome of outcomes) if (outcome.status === 'fulfilled') started.push(outcome.value);
    expect(outcomes.filter((outcome) => outcome.status === 'rejected').map((outcome) => String(outcome.reason))).toEqual([]);
    expect(started.every((process) => process.alive())).toBe(true);

    expect(await seededCounts(empty.url)).toEqual({ ...SEEDED, superadmins: 1 });
  });
});
