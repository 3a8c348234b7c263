// Fault test (a): the real server, as its own process on PostgreSQL, while every one of its database connections is
// terminated five times in the middle of a burst of payment creations (Idempotency-Keys) and PSP success callbacks.
// The process must stay up, answer the requests caught by a loss with 503 + Retry-After, and — once each of those is
// sent again — have created every payment exactly once, numbered every receipt once, and delivered every event.
import { createHmac, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../server/clock.ts';
import { openDatabase } from '../../server/db/client.ts';
import { sandboxEntry, seedProviders } from '../../server/db/provider-catalogue.ts';
import { queryRows } from '../../server/db/raw.ts';
import { seedReferenceData } from '../../server/db/reference-data.ts';
import { createGateway } from '../../server/services/gateways/gateways-service.ts';
import { createOrganisation } from '../../server/services/organisations/organisations-service.ts';
import { updateWebhookConfig } from '../../server/services/webhooks/webhook-config.ts';
import { TEST_DATA_KEY } from '../helpers/app.ts';
import { adminQuery, createEmptyPostgresDatabase, testEngine } from '../helpers/database.ts';
import { freePort } from '../helpers/net.ts';
import { serverEnvironment, startApiProcess, type NodeProcess } from '../helpers/node-process.ts';
import { waitFor } from '../helpers/wait-for.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.ts';

const TERMINATIONS = 5;
const TERMINATION_GAP_MS = 250;
const CONCURRENCY = 8;
const MAX_PAYMENTS = 400;
const MAX_SENDS = 60;

interface Organisation {
  apiToken: string;
  webhookSecret: string;
}

interface Outcome {
  key: string;
  org: Organisation;
  reference?: string;
  started?: boolean;
  paid?: boolean;
}

interface Sent {
  status: number;
  body: Record<string, unknown>;
}

describe.skipIf(testEngine !== 'postgres')('the server while PostgreSQL terminates all its connections', () => {
  let empty: Awaited<ReturnType<typeof createEmptyPostgresDatabase>>;
  let receiver: WebhookReceiver;
  let server: NodeProcess & { origin: string };
  let dataDir: string;
  const organisations: Organisation[] = [];

  beforeAll(async () => {
    empty = await createEmptyPostgresDatabase();
    dataDir = mkdtempSync(path.join(tmpdir(), 'payrail-faults-'));
    receiver = await startWebhookReceiver();
    const port = await freePort();
    const publicUrl = `http://127.0.0.1:${port}`;
    const setup = await openDatabase({ databaseUrl: empty.url, poolSize: 2 });
    try {
      await setup.migrate();
      await seedReferenceData(setup.db);
      await seedProviders(setup.db, publicUrl);
      const ctx = {
        db: setup.db,
        clock: systemClock,
        dataKey: TEST_DATA_KEY,
        targets: { allowPrivate: true, trustedOrigins: [publicUrl] },
      };
      for (const code of ['FAULTA', 'FAULTB']) {
        const organisation = await createOrganisation(ctx, {
          name: code,
          code,
          email: `${code}@example.com`,
          country: 'GH',
          currencies: ['GHS'],
        });
        const webhookSecret = `sk_sandbox_${randomBytes(8).toString('hex')}`;
        await createGateway(ctx, organisation.id, {
          name: 'Sandbox',
          provider: 'sandbox',
          secretKey: webhookSecret,
          webhookSecret,
          config: sandboxEntry(publicUrl).sampleConfig,
        });
        await updateWebhookConfig(ctx, organisation.id, {
          callbackUrl: receiver.url(`/${code}`),
          webhookSecret: `whsec_${randomBytes(32).toString('base64')}`,
        });
        organisations.push({ apiToken: organisation.apiToken, webhookSecret });
      }
    } finally {
      await setup.close();
    }
    server = await startApiProcess(serverEnvironment({ databaseUrl: empty.url, port, dataDir, dataKey: TEST_DATA_KEY }));
  }, 60_000);

  afterAll(async () => {
    await server?.stop('SIGKILL');
    await receiver?.close();
    await empty?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    'stays up, answers 503 + Retry-After, and ends with every payment once, unique receipts and every event delivered',
    { timeout: 150_000 },
    async () => {
      const statuses = new Map<number, number>();
      const unexpected: string[] = [];
      const stillProcessing = { count: 0 };

      /** Sends a request until it is answered with something other than a 503 (or a 409 of a key still in progress). */
      const send = async (path: string, init: RequestInit): Promise<Sent> => {
        let last = '';
        for (let attempt = 1; attempt <= MAX_SENDS; attempt++) {
          const response = await fetch(`${server.origin}${path}`, init).catch((error: unknown) => {
            const state = server.alive() ? 'still running' : 'exited';
            throw new Error(`the server did not answer ${path} (${String(error)}; it has ${state}):\n${server.output().slice(-4000)}`);
          });
          const body = (await response.json()) as Record<string, unknown>;
          statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
          last = `${response.status} ${JSON.stringify(body)}`;
          if (response.status === 503) {
            expect(response.headers.get('retry-after')).toBe('1');
            expect(body).toMatchObject({ statusCode: 503, error: 'Service Unavailable' });
            await new Promise((resolve) => setTimeout(resolve, Number(response.headers.get('retry-after')) * 1000));
            continue;
          }
          if (response.status === 409 && String(body['message']).includes('still being processed')) {
            // A key whose request met the loss must come free within the bounded wait (up to MAX_SENDS × 500 ms).
            stillProcessing.count++;
            await new Promise((resolve) => setTimeout(resolve, 500));
            continue;
          }
          return { status: response.status, body };
        }
        throw new Error(`${path} was still not answered after ${MAX_SENDS} sends (last: ${last})`);
      };

      const createOne = async (outcome: Outcome) => {
        const created = await send('/api/payments', {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${outcome.org.apiToken}`, 'idempotency-key': outcome.key },
          body: JSON.stringify({
            amount: '25.00',
            customerName: 'Kofi',
            customerEmail: 'kofi@example.com',
            description: outcome.key,
            processViaGateway: true,
          }),
        });
        if (created.status !== 201) return void unexpected.push(`create ${outcome.key}: ${created.status} ${JSON.stringify(created.body)}`);
        outcome.reference = String(created.body['id']);
        // A payment its gateway could not start (the sandbox itself met the outage) has no gateway to sign a callback.
        outcome.started = (created.body['gatewayInit'] as { ok?: boolean } | undefined)?.ok === true;
        if (!outcome.started) return;
        const raw = JSON.stringify({ event: 'payment.completed', reference: outcome.reference, status: 'success' });
        const paid = await send('/api/webhooks/psp/sandbox', {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-sandbox-signature': createHmac('sha256', outcome.org.webhookSecret).update(raw).digest('hex'),
          },
          body: raw,
        });
        if (paid.status !== 200 || paid.body['paymentStatus'] !== 'Success') {
          return void unexpected.push(`callback ${outcome.reference}: ${paid.status} ${JSON.stringify(paid.body)}`);
        }
        outcome.paid = true;
      };

      const outcomes: Outcome[] = [];
      let terminated = 0;
      const terminateAll = () =>
        adminQuery('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [empty.name]);
      const terminator = (async () => {
        await waitFor(() => outcomes.length >= CONCURRENCY * 2, 20_000, 'the burst to start');
        for (; terminated < TERMINATIONS; terminated++) {
          await new Promise((resolve) => setTimeout(resolve, TERMINATION_GAP_MS));
          await terminateAll();
        }
      })();
      // The burst goes on until the last termination, so every one of them meets requests in flight.
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (terminated < TERMINATIONS && outcomes.length < MAX_PAYMENTS) {
            const outcome: Outcome = {
              key: `fault-${outcomes.length}-${randomBytes(4).toString('hex')}`,
              org: organisations[outcomes.length % 2]!,
            };
            outcomes.push(outcome);
            await createOne(outcome);
          }
        }),
      );
      await terminator;

      expect(server.alive(), server.output()).toBe(true);
      expect(server.output()).not.toMatch(/shutting down/);
      const health = await fetch(`${server.origin}/api/health`);
      expect(await health.json()).toEqual({ status: 'ok', database: 'ok', engine: 'postgres' });
      expect(unexpected).toEqual([]);
      expect([...statuses.keys()].sort()).toEqual(expect.arrayContaining([503]));
      expect([...statuses.keys()].filter((status) => ![200, 201, 409, 503].includes(status))).toEqual([]);

      const check = await openDatabase({ databaseUrl: empty.url, poolSize: 2, pipelinedReads: false });
      try {
        const byKey = await queryRows<{ description: string; reference: string; status: string }>(
          check.db,
          sql`select description, reference, status from payments order by id`,
        );
        // Every key is one payment (each request's description is its key), and the one its answer named.
        expect(byKey.map((row) => row.description).sort()).toEqual(outcomes.map((outcome) => outcome.key).sort());
        const references = new Map(byKey.map((row) => [row.description, row]));
        for (const outcome of outcomes) {
          expect(references.get(outcome.key)?.reference).toBe(outcome.reference);
          if (outcome.paid) expect(references.get(outcome.key)?.status).toBe('Success');
        }
        const [receipts] = await queryRows<{ numbered: number; distinct: number }>(
          check.db,
          sql`select count(receipt_number)::int as numbered, count(distinct (org_id, receipt_number)) filter (where receipt_number is not null)::int as distinct from payments`,
        );
        expect(receipts).toEqual({ numbered: outcomes.filter((outcome) => outcome.paid).length, distinct: receipts?.numbered });

        // Every event the payments wrote (created, and succeeded for the paid ones) reaches the receiver.
        const expectedEvents = outcomes.length + outcomes.filter((outcome) => outcome.paid).length;
        const events = async () =>
          queryRows<{ event_id: string }>(check.db, sql`select event_id from webhook_deliveries where channel = 'callback'`);
        expect((await events()).length).toBe(expectedEvents);
        const received = () => new Set(receiver.received.map((request) => String(request.headers['webhook-id'])));
        // Within seconds as a rule; a row whose claim was lost with its connection comes back when its lease (60 s) ends.
        await waitFor(async () => (await events()).every((row) => received().has(row.event_id)), 75_000, 'every event to be delivered');
      } finally {
        await check.close();
      }
      console.info(
        `connection-loss fault test: ${outcomes.length} payments (${outcomes.filter((o) => o.paid).length} paid) through ` +
          `${TERMINATIONS} terminations of every connection; answers ${JSON.stringify(Object.fromEntries(statuses))}; ` +
          `${stillProcessing.count} "still being processed" answer(s) retried`,
      );
    },
  );
});
