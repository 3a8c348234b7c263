// Outbound webhook delivery across real processes on PostgreSQL: a worker SIGKILLed in the middle of a
// burst, and two API plus two worker processes sharing one database. PostgreSQL only (PGlite is one process).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count, eq, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../server/clock.ts';
import { openDatabase, type DatabaseHandle } from '../../server/db/client.ts';
import { seedProviders } from '../../server/db/provider-catalogue.ts';
import { seedReferenceData } from '../../server/db/reference-data.ts';
import { webhookDeliveries } from '../../server/db/schema.ts';
import { createOrganisation } from '../../server/services/organisations/organisations-service.ts';
import { findOrganisationForPayments } from '../../server/services/organisations/organisations-repository.ts';
import { insertRecordedPayments } from '../../server/services/payments/payment-changes.ts';
import type { NewPayment } from '../../server/services/payments/payments-repository.ts';
import { updateWebhookConfig } from '../../server/services/webhooks/webhook-config.ts';
import { createUser, TEST_DATA_KEY } from '../helpers/app.ts';
import { adminQuery } from '../helpers/database.ts';
import { freePort } from '../helpers/net.ts';
import { startProcess as startNodeProcess, stopAll, stopProcess } from '../helpers/processes.ts';
import { waitFor } from '../helpers/wait-for.ts';
import { startWebhookReceiver, type ReceivedWebhook, type WebhookReceiver } from '../helpers/webhook-receiver.ts';

const adminUrl = process.env['TEST_DATABASE_URL'];
const SECRET = `whsec_${randomBytes(32).toString('base64')}`;
const BURST = 1000;

if (!adminUrl) console.info('webhook-workers.test.ts: skipped — the multi-process tests need PostgreSQL (set TEST_DATABASE_URL).');

let database: DatabaseHandle;
let databaseUrl: string;
let databaseName: string;
let receiver: WebhookReceiver;
let orgId: number;
let apiToken: string;
let dataDir: string;

/** Starts a node process on the test database; resolves once it prints `ready` (or at once). */
const startProcess = (script: string, env: Record<string, string>, ready?: RegExp) =>
  startNodeProcess(
    script,
    { DATABASE_URL: databaseUrl, DATA_KEY: TEST_DATA_KEY.toString('hex'), DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
    ready,
  );

const deliveredCount = async () =>
  (await database.db.select({ value: count() }).from(webhookDeliveries).where(eq(webhookDeliveries.status, 'Success')))[0]?.value ?? 0;
const outboxCount = async () => (await database.db.select({ value: count() }).from(webhookDeliveries))[0]?.value ?? 0;

/** Creates `n` payments, 100 to a statement, each with its payment.created event written by the real outbox with it. */
async function createPayments(n: number): Promise<void> {
  const org = await findOrganisationForPayments(database.db, orgId);
  if (!org) throw new Error('the test organisation is gone');
  for (let start = 0; start < n; start += 100) {
    const at = new Date();
    const creations = Array.from({ length: Math.min(100, n - start) }, (_, offset) => {
      const i = start + offset;
      const values: NewPayment = {
        reference: `PAY-${randomBytes(8).toString('hex').toUpperCase()}`,
        orgId,
        amountMinor: 100 + i,
        currency: 'GHS',
        customerName: `Customer ${i}`,
        customerEmail: `c${i}@example.com`,
        description: `Burst ${i}`,
        createdAt: at,
      };
      return { values, org, baseUnit: 100 };
    });
    const created = await insertRecordedPayments(database.db, creations);
    if (!created.every((payment) => payment?.queued)) throw new Error('a payment of the burst was not created with its event');
  }
}

/** Every request verifies; every event arrived; a repeated delivery of an event always carries its first webhook-id. */
function checkAtLeastOnce(received: ReceivedWebhook[], eventIds: Set<string>) {
  const idsByEvent = new Map<string, Set<string>>();
  const seen = new Set<string>();
  let duplicates = 0;
  const webhook = new Webhook(SECRET);
  for (const request of received) {
    const id = request.headers['webhook-id'] as string;
    webhook.verify(request.body, request.headers as Record<string, string>);
    const event = JSON.parse(request.body) as { id: string; type: string; data: { payment: { id: string } } };
    expect(event.id).toBe(id);
    const key = `${event.type} ${event.data.payment.id}`;
    idsByEvent.set(key, (idsByEvent.get(key) ?? new Set()).add(id));
    if (seen.has(id)) duplicates++;
    seen.add(id);
  }
  expect([...eventIds].filter((id) => !seen.has(id))).toEqual([]);
  expect([...seen].filter((id) => !eventIds.has(id))).toEqual([]);
  expect([...idsByEvent.values()].every((ids) => ids.size === 1)).toBe(true);
  return { duplicates, unique: seen.size };
}

describe.skipIf(!adminUrl)('webhook workers on PostgreSQL', () => {
  beforeAll(async () => {
    databaseName = `payrail_w_${process.pid}_${randomBytes(4).toString('hex')}`;
    await adminQuery(`create database ${databaseName}`);
    const url = new URL(adminUrl ?? '');
    url.pathname = `/${databaseName}`;
    databaseUrl = url.toString();
    database = await openDatabase({ databaseUrl, poolSize: 10 });
    await database.migrate();
    await seedReferenceData(database.db);
    await seedProviders(database.db, 'http://payrail.test');
    dataDir = mkdtempSync(path.join(tmpdir(), 'payrail-workers-'));
    receiver = await startWebhookReceiver();
    const ctx = { db: database.db, clock: systemClock, dataKey: TEST_DATA_KEY, targets: { allowPrivate: true, trustedOrigins: [] } };
    const organisation = await createOrganisation(ctx, {
      name: 'Burst Co',
      code: 'BURST',
      email: 'burst@example.com',
      country: 'GH',
      currencies: ['GHS'],
    });
    orgId = organisation.id;
    apiToken = organisation.apiToken;
    await updateWebhookConfig(ctx, orgId, { callbackUrl: receiver.url(), webhookSecret: SECRET });
    await createUser(database.db, { email: 'burst@burst.test', orgId });
  });

  afterAll(async () => {
    await stopAll();
    await receiver?.close();
    await database?.close();
    if (databaseName) await adminQuery(`drop database if exists ${databaseName} with (force)`);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it(`delivers every one of ${BURST} events after the worker is SIGKILLed mid-burst and restarted`, { timeout: 60_000 }, async () => {
    await database.db.delete(webhookDeliveries);
    receiver.reset();
    receiver.respond(() => ({ delayMs: 10 }));
    const enqueueStarted = performance.now();
    await createPayments(BURST);
    const enqueueMs = performance.now() - enqueueStarted;
    const eventIds = new Set((await database.db.select({ id: webhookDeliveries.eventId }).from(webhookDeliveries)).map((row) => row.id));
    expect(eventIds.size).toBe(BURST);

    const started = performance.now();
    const first = await startProcess('tests/helpers/webhook-worker-process.ts', {}, /worker ready/);
    await waitFor(() => receiver.received.length >= BURST * 0.3, 30_000, 'the first deliveries');
    await stopProcess(first, 'SIGKILL');
    const killedAfter = receiver.received.length;
    const deliveredBeforeRestart = await deliveredCount();
    expect(deliveredBeforeRestart).toBeLessThan(BURST);

    const restartedAt = performance.now();
    const second = await startProcess('tests/helpers/webhook-worker-process.ts', {}, /worker ready/);
    await waitFor(async () => (await deliveredCount()) === BURST, 40_000, 'every delivery');
    const totalMs = performance.now() - started;
    await stopProcess(second, 'SIGTERM');

    const { duplicates, unique } = checkAtLeastOnce(receiver.received, eventIds);
    expect(unique).toBe(BURST);
    console.info(
      `crash test: enqueue ${BURST} events ${enqueueMs.toFixed(0)} ms; killed after ${killedAfter} requests ` +
        `(${deliveredBeforeRestart} recorded delivered); all delivered ${totalMs.toFixed(0)} ms after the first start ` +
        `(${(performance.now() - restartedAt).toFixed(0)} ms after the restart); ${duplicates} duplicate(s), each with its first webhook-id`,
    );
  });

  it('two API and two worker processes deliver every event exactly once when nothing fails', { timeout: 60_000 }, async () => {
    await database.db.delete(webhookDeliveries);
    receiver.reset();
    const ports = [await freePort(), await freePort()];
    const jwtSecret = randomBytes(32).toString('hex');
    // One after the other: the first start seeds the superadmin (concurrent first starts race there).
    for (const port of ports) {
      await startProcess(
        'server/main.ts',
        {
          PORT: String(port),
          HOST: '127.0.0.1',
          PUBLIC_URL: `http://127.0.0.1:${port}`,
          WORKER: 'off',
          JWT_SECRET: jwtSecret,
          ALLOW_PRIVATE_TARGETS: 'true',
          CONSOLE_DIR: path.join(dataDir, 'no-console'),
          LOG_LEVEL: 'info',
        },
        /Payrail is running/,
      );
    }
    await Promise.all(
      [0, 1].map(() => startProcess('server/worker.ts', { ALLOW_PRIVATE_TARGETS: 'true', LOG_LEVEL: 'info' }, /worker started/)),
    );

    const login = await fetch(`http://127.0.0.1:${ports[0]}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'burst@burst.test', password: 'correct horse battery' }),
    });
    const { access_token: userToken } = (await login.json()) as { access_token: string };
    const PAYMENTS = 400;
    const references: string[] = [];
    const started = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        while (next < PAYMENTS) {
          const i = next++;
          const response = await fetch(`http://127.0.0.1:${ports[i % 2]}/api/payments`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${apiToken}` },
            body: JSON.stringify({ amount: '5.00', customerName: `C ${i}`, customerEmail: `c${i}@example.com`, description: `Order ${i}` }),
          });
          expect(response.status).toBe(201);
          const { id } = (await response.json()) as { id: string };
          references.push(id);
          if (i % 2 === 0) {
            const paid = await fetch(`http://127.0.0.1:${ports[(i + 1) % 2]}/api/payments/${id}/mark-success`, {
              method: 'PATCH',
              headers: { authorization: `Bearer ${userToken}` },
            });
            expect(paid.status).toBe(200);
          }
        }
      }),
    );
    const expected = PAYMENTS + PAYMENTS / 2;
    await waitFor(async () => (await deliveredCount()) === expected, 40_000, 'every delivery');
    const totalMs = performance.now() - started;
    expect(await outboxCount()).toBe(expected);
    const eventIds = new Set((await database.db.select({ id: webhookDeliveries.eventId }).from(webhookDeliveries)).map((row) => row.id));
    const { duplicates, unique } = checkAtLeastOnce(receiver.received, eventIds);
    expect(unique).toBe(expected);
    expect(duplicates).toBe(0);
    const [attempts] = await database.db.select({ max: sql<number>`max(${webhookDeliveries.attempts})::int` }).from(webhookDeliveries);
    expect(attempts?.max).toBe(1);
    console.info(
      `multi-process test: ${PAYMENTS} payments + ${PAYMENTS / 2} successes through 2 API processes, ${expected} webhooks ` +
        `delivered by 2 workers in ${totalMs.toFixed(0)} ms (${((expected / totalMs) * 1000).toFixed(0)} events/s end to end), no duplicates`,
    );
  });
});
