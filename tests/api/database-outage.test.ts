// The API while its PostgreSQL is unreachable (all connections dropped, new ones refused) and once it is back: it
// answers 503 with Retry-After in the uniform error body, and recovers by itself. PGlite runs in the process: it has
// no connection to lose.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { systemClock } from '../../server/clock.ts';
import { openDatabase, type DatabaseHandle } from '../../server/db/client.ts';
import { seedProviders } from '../../server/db/provider-catalogue.ts';
import { seedReferenceData } from '../../server/db/reference-data.ts';
import { createOrganisation } from '../../server/services/organisations/organisations-service.ts';
import { TEST_DATA_KEY, TEST_JWT_SECRET, TEST_PUBLIC_URL } from '../helpers/app.ts';
import { createEmptyPostgresDatabase, testEngine } from '../helpers/database.ts';
import { startDatabaseProxy, type DatabaseProxy } from '../helpers/database-proxy.ts';

describe.skipIf(testEngine !== 'postgres')('the API while PostgreSQL is unreachable', () => {
  let empty: Awaited<ReturnType<typeof createEmptyPostgresDatabase>>;
  let proxy: DatabaseProxy;
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let apiToken: string;

  beforeAll(async () => {
    empty = await createEmptyPostgresDatabase();
    proxy = await startDatabaseProxy(empty.url);
    database = await openDatabase({ databaseUrl: proxy.url, poolSize: 4 });
    await database.migrate();
    await seedReferenceData(database.db);
    await seedProviders(database.db, TEST_PUBLIC_URL);
    const organisation = await createOrganisation(
      { db: database.db, clock: systemClock, dataKey: TEST_DATA_KEY },
      { name: 'Outage Co', code: 'OUTAGE', email: 'outage@example.com', country: 'GH', currencies: ['GHS'] },
    );
    apiToken = organisation.apiToken;
    app = await buildApp({ database, jwtSecret: TEST_JWT_SECRET, dataKey: TEST_DATA_KEY, publicUrl: TEST_PUBLIC_URL, logger: false });
    await app.ready();
  });
  afterAll(async () => {
    proxy?.restore();
    await app?.close();
    await database?.close();
    await proxy?.close();
    await empty?.drop();
  });

  const health = () => app.inject({ method: 'GET', url: '/api/health' });
  const createPayment = (key: string) =>
    app.inject({
      method: 'POST',
      url: '/api/payments',
      headers: { authorization: `Bearer ${apiToken}`, 'idempotency-key': key },
      payload: { amount: '12.50', customerName: 'Ama', customerEmail: 'ama@example.com', description: 'Order 1' },
    });
  const listPayments = () => app.inject({ method: 'GET', url: '/api/payments', headers: { authorization: `Bearer ${apiToken}` } });

  it('answers 503 with Retry-After in the uniform error body, health says the database is down, then all is well again', async () => {
    expect((await health()).json()).toEqual({ status: 'ok', database: 'ok', engine: 'postgres' });
    expect((await createPayment('before')).statusCode).toBe(201);

    proxy.cut();
    const down = await health();
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({ status: 'unavailable', database: 'unreachable', engine: 'postgres' });
    for (const response of [await createPayment('during'), await listPayments()]) {
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('1');
      expect(response.json()).toEqual({
        statusCode: 503,
        error: 'Service Unavailable',
        message: 'The service is briefly unavailable. Please retry in a moment.',
      });
    }

    proxy.restore();
    expect((await health()).json()).toEqual({ status: 'ok', database: 'ok', engine: 'postgres' });
    expect((await createPayment('during')).statusCode).toBe(201);
    const listed = await listPayments();
    expect(listed.statusCode).toBe(200);
    expect(listed.json<{ total: number }>().total).toBe(2);
  });
});
