import { DrizzleQueryError, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../../../server/db/client.ts';
import { isConnectionLoss } from '../../../../server/db/errors.ts';
import { queryRows } from '../../../../server/db/raw.ts';
import { HttpError } from '../../../../server/errors.ts';
import { adminQuery, createEmptyPostgresDatabase, testEngine } from '../../../helpers/database.ts';
import { startDatabaseProxy, type DatabaseProxy } from '../../../helpers/database-proxy.ts';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('isConnectionLoss', () => {
  it('recognises a lost or unreachable database, also inside Drizzle’s wrapper', () => {
    const lost = [
      withCode('terminating connection due to administrator command', '57P01'),
      withCode('terminating connection due to crash of another server process', '57P02'),
      withCode('the database system is starting up', '57P03'),
      withCode('connection failure', '08006'),
      withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'),
      withCode('read ECONNRESET', 'ECONNRESET'),
      new Error('Connection terminated unexpectedly'),
      new Error('Client has encountered a connection error and is not queryable'),
      new Error('timeout exceeded when trying to connect'),
      Object.assign(new AggregateError([withCode('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')]), { code: undefined }),
      new DrizzleQueryError('select 1', [], withCode('terminating connection due to administrator command', '57P01')),
    ];
    for (const error of lost) expect(isConnectionLoss(error), String(error)).toBe(true);
  });

  it('leaves statements the database refused, and everything else, alone', () => {
    const refused = [
      withCode('duplicate key value violates unique constraint', '23505'),
      withCode('canceling statement due to statement timeout', '57014'),
      withCode('value out of range', '22003'),
      new DrizzleQueryError('insert', [], withCode('deadlock detected', '40P01')),
      new HttpError(404, 'Not found.'),
      new Error('Connection refused by the bank'),
      undefined,
      'Connection terminated',
    ];
    for (const error of refused) expect(isConnectionLoss(error), String(error)).toBe(false);
  });
});

// PGlite runs in this process: it has no connection to lose.
describe.skipIf(testEngine !== 'postgres')('the PostgreSQL pool after lost connections', () => {
  let proxy: DatabaseProxy;
  let database: DatabaseHandle;
  let empty: Awaited<ReturnType<typeof createEmptyPostgresDatabase>> | undefined;
  beforeAll(async () => {
    empty = await createEmptyPostgresDatabase();
    proxy = await startDatabaseProxy(empty.url);
  });
  afterEach(async () => {
    proxy.restore();
    await database?.close();
  });
  afterAll(async () => {
    await proxy?.close();
    await empty?.drop();
  });

  const backendPid = async (db: DatabaseHandle['db']) =>
    (await queryRows<{ pid: number }>(db, sql`select pg_backend_pid() as pid`))[0]!.pid;

  it('fails a transaction whose connection an admin terminates with a connection loss, and carries on', async () => {
    database = await openDatabase({ databaseUrl: proxy.url, poolSize: 2, pipelinedReads: false });
    const failed = await database.db
      .transaction(async (tx) => {
        const pid = await backendPid(tx);
        await adminQuery('select pg_terminate_backend($1)', [pid]);
        // Nobody is using the connection when it goes: only its 'error' event tells.
        await new Promise((resolve) => setTimeout(resolve, 200));
        await backendPid(tx);
      })
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(isConnectionLoss(failed)).toBe(true);
    const pids = await Promise.all(Array.from({ length: 6 }, () => backendPid(database.db)));
    expect(pids.every((pid) => pid > 0)).toBe(true);
  });

  it('gives back to the pool a connection lost while its transaction was beginning', async () => {
    database = await openDatabase({ databaseUrl: proxy.url, poolSize: 1, pipelinedReads: false });
    await backendPid(database.db);
    proxy.hold();
    const beginning = database.db.transaction(async (tx) => backendPid(tx)).catch((error: unknown) => error);
    await new Promise((resolve) => setTimeout(resolve, 100));
    proxy.cut();
    expect(isConnectionLoss(await beginning)).toBe(true);
    proxy.restore();
    // The pool has one connection: had the lost one not come back, this would wait for ever.
    const next = await Promise.race([
      backendPid(database.db),
      new Promise((resolve) => setTimeout(() => resolve('still waiting for a connection'), 3000)),
    ]);
    expect(typeof next).toBe('number');
  });

  it('answers with a connection loss while the database is unreachable, and again normally once it is back', async () => {
    database = await openDatabase({ databaseUrl: proxy.url, poolSize: 3 });
    await backendPid(database.db);
    proxy.cut();
    const whileCut = await Promise.allSettled(Array.from({ length: 4 }, () => backendPid(database.db)));
    for (const outcome of whileCut) {
      expect(outcome.status).toBe('rejected');
      expect(isConnectionLoss((outcome as PromiseRejectedResult).reason)).toBe(true);
    }
    proxy.restore();
    expect(await backendPid(database.db)).toBeGreaterThan(0);
  });
});
