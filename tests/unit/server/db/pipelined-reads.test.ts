import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../../server/db/client.ts';
import { sqlState } from '../../../../server/db/errors.ts';
import { pipelinedReadsOf } from '../../../../server/db/pipelined-reads.ts';
import { queryRows } from '../../../../server/db/raw.ts';
import { runStatement, StatementParams } from '../../../../server/db/statements.ts';
import { createTestDatabase, testEngine } from '../../../helpers/database.ts';

const paramsOf = (...values: unknown[]) => {
  const params = new StatementParams();
  for (const value of values) params.add(value);
  return params;
};

const backendOf = async (db: DatabaseHandle['db'], shortRead: boolean) => {
  const [row] = await runStatement<{ pid: number }>(db, 'probe_backend', 'select pg_backend_pid() as pid', paramsOf(), { shortRead });
  return row!.pid;
};

// PGlite has one connection and no pipelining: short reads there run as any statement (every other test covers that).
describe.skipIf(testEngine !== 'postgres')('pipelined short reads on PostgreSQL', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('answers many reads in flight on one connection, each with its own rows, while the pool serves the rest', async () => {
    const series = (size: number, shortRead: boolean) =>
      runStatement<{ n: number; pid: number }>(
        database.db,
        'probe_series',
        // The pooled reads take a moment each, so the pool opens several connections meanwhile.
        `select g as n, pg_backend_pid() as pid from generate_series(1, $1::integer) as g, pg_sleep(case when $2::boolean then 0 else 0.01 end)`,
        paramsOf(size, shortRead),
        { shortRead },
      );
    const sizes = Array.from({ length: 200 }, (_, index) => (index % 7) + 1);
    const [pipelined, pooled] = await Promise.all([
      Promise.all(sizes.map((size) => series(size, true))),
      Promise.all(sizes.slice(0, 40).map((size) => series(size, false))),
    ]);
    pipelined.forEach((rows, index) => expect(rows.map((row) => row.n)).toEqual(Array.from({ length: sizes[index]! }, (_, n) => n + 1)));
    const pipelinedBackends = new Set(pipelined.flatMap((rows) => rows.map((row) => row.pid)));
    const pooledBackends = new Set(pooled.flatMap((rows) => rows.map((row) => row.pid)));
    expect(pipelinedBackends.size).toBe(1);
    expect(pooledBackends.size).toBeGreaterThan(1);
    expect(pooledBackends.has([...pipelinedBackends][0]!)).toBe(false);
  });

  it('types the values of a row as a pooled connection does', async () => {
    const text = `select timestamptz '2026-11-25 07:30:05.123+00' as at, date '2026-11-25' as day, interval '2 days' as span,
      9007199254740993::bigint as big, 42::integer as small, 12.50::numeric as amount, true as flag,
      '{"a":[1,"two"]}'::jsonb as data, array[1.5, 2]::numeric[] as amounts, null::text as nothing, $1::text as echoed`;
    const pooled = await runStatement(database.db, 'probe_types', text, paramsOf('é ✓'));
    const pipelined = await runStatement(database.db, 'probe_types', text, paramsOf('é ✓'), { shortRead: true });
    expect(pipelined).toEqual(pooled);
    expect(pipelined[0]).toMatchObject({ big: '9007199254740993', small: 42, flag: true, data: { a: [1, 'two'] }, echoed: 'é ✓' });
  });

  it('rejects a failing read alone: the reads written before and after it are answered', async () => {
    const divide = (by: number) =>
      runStatement<{ q: number }>(database.db, 'probe_divide', 'select 12 / $1::integer as q', paramsOf(by), { shortRead: true });
    const [before, failed, after] = await Promise.allSettled([divide(3), divide(0), divide(4)]);
    expect(before).toEqual({ status: 'fulfilled', value: [{ q: 4 }] });
    expect(failed.status).toBe('rejected');
    expect(sqlState((failed as PromiseRejectedResult).reason)).toBe('22012');
    expect(after).toEqual({ status: 'fulfilled', value: [{ q: 3 }] });
  });

  it('answers reads through the pool when its connection is lost, then opens another', async () => {
    const lost = await backendOf(database.db, true);
    await database.db.execute(sql`select pg_terminate_backend(${lost})`);
    const reads = await Promise.all(Array.from({ length: 5 }, () => backendOf(database.db, true)));
    for (const pid of reads) expect(pid).not.toBe(lost);
    const next = await backendOf(database.db, true);
    expect(next).not.toBe(lost);
    expect(await Promise.all([backendOf(database.db, true), backendOf(database.db, true)])).toEqual([next, next]);
  });

  it("is never used by a transaction's statements: they run on the transaction's connection", async () => {
    const pipelined = await backendOf(database.db, true);
    await database.db.transaction(async (tx) => {
      expect(pipelinedReadsOf(tx)).toBeUndefined();
      const [own] = await queryRows<{ pid: number }>(tx, sql`select pg_backend_pid() as pid`);
      expect(await backendOf(tx, true)).toBe(own!.pid);
      expect(own!.pid).not.toBe(pipelined);
    });
  });
});
