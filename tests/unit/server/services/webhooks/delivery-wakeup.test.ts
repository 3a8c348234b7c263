import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELIVERY_CHANNEL, listenForDeliveries } from '../../../../../server/services/webhooks/delivery-wakeup.ts';
import { adminQuery, createEmptyPostgresDatabase, testEngine } from '../../../../helpers/database.ts';
import { startDatabaseProxy, type DatabaseProxy } from '../../../../helpers/database-proxy.ts';
import { waitFor } from '../../../../helpers/wait-for.ts';

// LISTEN/NOTIFY is PostgreSQL's: with PGlite the worker runs in the API process and is woken in memory.
describe.skipIf(testEngine !== 'postgres')('delivery wake-ups across processes (LISTEN)', () => {
  let empty: Awaited<ReturnType<typeof createEmptyPostgresDatabase>>;
  let proxy: DatabaseProxy;
  beforeAll(async () => {
    empty = await createEmptyPostgresDatabase();
    proxy = await startDatabaseProxy(empty.url);
  });
  afterAll(async () => {
    await proxy?.close();
    await empty?.drop();
  });

  // NOTIFY reaches the listeners of the database it is sent in.
  const notify = async () => {
    const client = new pg.Client({ connectionString: empty.url });
    await client.connect();
    await client.query(`select pg_notify('${DELIVERY_CHANNEL}', '')`);
    await client.end();
  };
  const listenerPids = async () =>
    (await adminQuery<{ pid: number }>(`select pid from pg_stat_activity where datname = $1 and query like 'listen %'`, [empty.name])).map(
      (row) => row.pid,
    );

  it('listens again after its connection is terminated or the database was unreachable, and wakes on the next notification', async () => {
    let wakes = 0;
    const stop = listenForDeliveries(proxy.url, () => wakes++, pino({ level: 'silent' }));
    try {
      // Listening starts with a wake-up: rows queued while nobody listened are due.
      await waitFor(() => wakes === 1, 5000, 'the first wake-up');
      await waitFor(async () => (await listenerPids()).length === 1, 5000, 'the listening connection');
      await notify();
      await waitFor(() => wakes === 2, 5000, 'a notification');

      const [first] = await listenerPids();
      await adminQuery('select pg_terminate_backend($1)', [first]);
      await waitFor(() => wakes === 3, 5000, 'the wake-up of listening again');
      const [second] = await listenerPids();
      expect(second).not.toBe(first);
      await notify();
      await waitFor(() => wakes === 4, 5000, 'a notification after the terminated connection');

      proxy.cut();
      await new Promise((resolve) => setTimeout(resolve, 1500));
      proxy.restore();
      await waitFor(() => wakes === 5, 5000, 'the wake-up of listening again after the outage');
      await notify();
      await waitFor(() => wakes === 6, 5000, 'a notification after the outage');
    } finally {
      await stop();
    }
  });
});
