// The API process SIGKILLed in the middle of a burst of payment creations (with Idempotency-Keys) and PSP success
// callbacks, restarted on the same PostgreSQL database, and every request sent again with its key and body; a
// delivery worker in a process of its own sends the payment events meanwhile.
// PostgreSQL only: it needs the database outside the killed process.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, count, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../server/clock.ts';
import { openDatabase, type DatabaseHandle } from '../../server/db/client.ts';
import { sandboxEntry, seedProviders } from '../../server/db/provider-catalogue.ts';
import { idempotencyKeys, payments, webhookDeliveries } from '../../server/db/schema.ts';
import { seedReferenceData } from '../../server/db/reference-data.ts';
import { createGateway } from '../../server/services/gateways/gateways-service.ts';
import { createOrganisation } from '../../server/services/organisations/organisations-service.ts';
import { updateWebhookConfig } from '../../server/services/webhooks/webhook-config.ts';
import { TEST_DATA_KEY } from '../helpers/app.ts';
import { adminQuery, testEngine } from '../helpers/database.ts';
import { freePort } from '../helpers/net.ts';
import { startProcess, stopAll, stopProcess } from '../helpers/processes.ts';
import { waitFor } from '../helpers/wait-for.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.ts';

const adminUrl = process.env['TEST_DATABASE_URL'] ?? '';
const PER_ORGANISATION = 30;
const KILL_AFTER_ANSWERS = 20;
const CONCURRENCY = 8;
const SANDBOX_KEY = 'sk_sandbox_crash_restart';
const WEBHOOK_SECRET = `whsec_${randomBytes(32).toString('base64')}`;

interface Creation {
  key: string;
  token: string;
  body: { amount: string; customerName: string; customerEmail: string; description: string; processViaGateway: boolean };
}
interface Answer {
  id: string;
  gatewayInit?: { checkoutUrl: string | null };
}

let database: DatabaseHandle;
let databaseName: string;
let dataDir: string;
let port: number;
let receiver: WebhookReceiver;
let publicUrl: string;
const creations: Creation[] = [];

const databaseUrl = () => new URL(`/${databaseName}`, adminUrl).toString();

const startServer = () =>
  startProcess(
    'server/main.ts',
    {
      DATABASE_URL: databaseUrl(),
      DATA_KEY: TEST_DATA_KEY.toString('hex'),
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: publicUrl,
      JWT_SECRET: randomBytes(32).toString('hex'),
      ALLOW_PRIVATE_TARGETS: 'true',
      CONSOLE_DIR: path.join(dataDir, 'no-console'),
      WORKER: 'off',
      LOG_LEVEL: 'info',
      IDEMPOTENCY_LEASE_SECONDS: '2',
    },
    /Payrail is running/,
  );

const undelivered = async () =>
  (
    await database.db
      .select({ value: count() })
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.channel, 'callback'), ne(webhookDeliveries.status, 'Success')))
  )[0]?.value;

/** Sends one creation; undefined when the connection failed (the process is gone). */
async function send(creation: Creation): Promise<{ status: number; answer: Answer } | undefined> {
  try {
    const response = await fetch(`${publicUrl}/api/payments`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${creation.token}`, 'idempotency-key': creation.key },
      body: JSON.stringify(creation.body),
    });
    return { status: response.status, answer: (await response.json()) as Answer };
  } catch {
    return undefined;
  }
}

/** The payer presses Pay on the Sandbox PSP's page: its signed success callback reaches the server before the redirect. */
async function pay(checkoutUrl: string): Promise<number | undefined> {
  try {
    const response = await fetch(checkoutUrl, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'outcome=success',
    });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return undefined;
  }
}

/** Runs `task` over the items, `CONCURRENCY` at a time, while `go()` holds. */
async function inParallel<Item>(items: Item[], task: (item: Item) => Promise<void>, go: () => boolean = () => true): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < items.length && go()) await task(items[next++]!);
    }),
  );
}

describe.skipIf(testEngine !== 'postgres')('the API process killed mid-burst and restarted (PostgreSQL)', () => {
  beforeAll(async () => {
    databaseName = `payrail_crash_${process.pid}_${randomBytes(4).toString('hex')}`;
    await adminQuery(`create database ${databaseName}`);
    database = await openDatabase({ databaseUrl: databaseUrl(), poolSize: 4 });
    await database.migrate();
    port = await freePort();
    publicUrl = `http://127.0.0.1:${port}`;
    await seedReferenceData(database.db);
    await seedProviders(database.db, publicUrl);
    dataDir = mkdtempSync(path.join(tmpdir(), 'payrail-crash-'));
    receiver = await startWebhookReceiver();
    const ctx = {
      db: database.db,
      clock: systemClock,
      dataKey: TEST_DATA_KEY,
      targets: { allowPrivate: true, trustedOrigins: [publicUrl] },
    };
    for (const code of ['CRASHA', 'CRASHB']) {
      const organisation = await createOrganisation(ctx, {
        name: `Crash ${code}`,
        code,
        email: `${code.toLowerCase()}@example.com`,
        country: 'GH',
        currencies: ['GHS'],
      });
      await updateWebhookConfig(ctx, organisation.id, { callbackUrl: receiver.url(), webhookSecret: WEBHOOK_SECRET });
      await createGateway(ctx, organisation.id, {
        name: 'Sandbox',
        provider: 'sandbox',
        secretKey: SANDBOX_KEY,
        webhookSecret: SANDBOX_KEY,
        config: sandboxEntry(publicUrl).sampleConfig,
      });
      for (let i = 0; i < PER_ORGANISATION; i++)
        creations.push({
          key: `${code}-order-${i}`,
          token: organisation.apiToken,
          body: {
            amount: `${10 + i}.50`,
            customerName: `Customer ${i}`,
            customerEmail: `c${i}@example.com`,
            description: `${code} order ${i}`,
            processViaGateway: i % 2 === 0,
          },
        });
    }
  });

  afterAll(async () => {
    await stopAll();
    await receiver?.close();
    await database?.close();
    if (databaseName) await adminQuery(`drop database if exists ${databaseName} with (force)`);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    'answers every request sent again with its one payment: no duplicates, no stuck keys, unique receipts, every event delivered',
    { timeout: 60_000 },
    async () => {
      const answers = new Map<string, string[]>();
      const answer = (creation: Creation, id: string) => answers.set(creation.key, [...(answers.get(creation.key) ?? []), id]);
      const payAttempted = new Set<string>();
      const paidAfterRestart = new Set<string>();
      const payWhenReady = async (id: string, checkoutUrl: string | null | undefined, after: Set<string> | undefined) => {
        if (!checkoutUrl || payAttempted.has(id)) return;
        payAttempted.add(id);
        const status = await pay(checkoutUrl);
        if (after && status === 303) after.add(id);
      };

      const started = performance.now();
      // The delivery worker runs in a process of its own, which lives on: events committed before the kill are delivered.
      await startProcess(
        'tests/helpers/webhook-worker-process.ts',
        { DATABASE_URL: databaseUrl(), DATA_KEY: TEST_DATA_KEY.toString('hex'), LOG_LEVEL: 'warn' },
        /worker ready/,
      );
      const first = await startServer();
      let killed = false;
      const burst = inParallel(
        creations,
        async (creation) => {
          const sent = await send(creation);
          if (sent?.status !== 201) return;
          answer(creation, sent.answer.id);
          await payWhenReady(sent.answer.id, sent.answer.gatewayInit?.checkoutUrl, undefined);
        },
        () => !killed,
      );
      await waitFor(() => answers.size >= KILL_AFTER_ANSWERS, 30_000, 'the first answers');
      await stopProcess(first, 'SIGKILL');
      killed = true;
      await burst;
      const answeredBeforeKill = answers.size;
      const [inProgress] = await database.db.select({ value: count() }).from(idempotencyKeys).where(eq(idempotencyKeys.statusCode, 0));
      expect(answeredBeforeKill).toBeLessThan(creations.length);

      const restarted = await startServer();
      let waits = 0;
      const resendDeadline = Date.now() + 30_000;
      await inParallel(creations, async (creation) => {
        for (;;) {
          const sent = await send(creation);
          if (sent?.status === 201) {
            answer(creation, sent.answer.id);
            await payWhenReady(sent.answer.id, sent.answer.gatewayInit?.checkoutUrl, paidAfterRestart);
            return;
          }
          // 409: the killed request's lease still runs; nothing else is an acceptable answer.
          expect(sent?.status).toBe(409);
          if (Date.now() > resendDeadline) throw new Error(`${creation.key} was never answered`);
          waits++;
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
      });
      await stopProcess(restarted, 'SIGTERM');

      const rows = await database.db
        .select({
          reference: payments.reference,
          description: payments.description,
          orgId: payments.orgId,
          status: payments.status,
          receiptNumber: payments.receiptNumber,
        })
        .from(payments);
      const byDescription = new Map<string, string[]>();
      for (const row of rows) byDescription.set(row.description, [...(byDescription.get(row.description) ?? []), row.reference]);
      for (const creation of creations) {
        const ids = answers.get(creation.key) ?? [];
        expect(new Set(ids).size, `${creation.key}: one reference on every answer`).toBe(1);
        expect(byDescription.get(creation.body.description), `${creation.key}: exactly one payment`).toEqual([ids[0]]);
      }
      expect(rows).toHaveLength(creations.length);
      const [stuck] = await database.db.select({ value: count() }).from(idempotencyKeys).where(eq(idempotencyKeys.statusCode, 0));
      expect(stuck?.value).toBe(0);
      const paid = rows.filter((row) => row.status === 'Success');
      expect(paid.every((row) => row.receiptNumber !== null)).toBe(true);
      expect(new Set(paid.map((row) => `${row.orgId} ${row.receiptNumber}`)).size).toBe(paid.length);
      for (const reference of paidAfterRestart) expect(paid.map((row) => row.reference)).toContain(reference);
      await waitFor(async () => (await undelivered()) === 0, 20_000, 'every event delivered');
      const received = new Set(receiver.received.map((request) => request.headers['webhook-id'] as string));
      const events = await database.db
        .select({ id: webhookDeliveries.eventId, type: webhookDeliveries.type })
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.channel, 'callback'));
      expect(events.filter((event) => !received.has(event.id))).toEqual([]);
      expect(events.filter((event) => event.type === 'payment.created')).toHaveLength(creations.length);
      expect(events.filter((event) => event.type === 'payment.succeeded')).toHaveLength(paid.length);
      console.info(
        `crash-restart: ${answeredBeforeKill} of ${creations.length} creations answered before SIGKILL, ${inProgress?.value} keys left in progress; all answered after the restart ` +
          `(${waits} waits on a killed request's lease), ${paid.length} paid with unique receipt numbers, ${events.length} events delivered, ` +
          `${(performance.now() - started).toFixed(0)} ms in all`,
      );
    },
  );
});
