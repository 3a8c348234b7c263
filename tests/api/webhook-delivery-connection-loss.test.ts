// A delivery whose outcome cannot be recorded because the database connection was lost comes back at once (not when
// its one-minute lease ends). PostgreSQL only: PGlite runs in the process and has no connection to lose.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../server/clock.ts';
import { openDatabase, type DatabaseHandle } from '../../server/db/client.ts';
import { seedReferenceData } from '../../server/db/reference-data.ts';
import { webhookDeliveries } from '../../server/db/schema.ts';
import { createOrganisation } from '../../server/services/organisations/organisations-service.ts';
import { deliverDueWebhooks } from '../../server/services/webhooks/delivery.ts';
import { findPaymentById } from '../../server/services/payments/payments-repository.ts';
import { sendTestWebhook, updateWebhookConfig } from '../../server/services/webhooks/webhook-config.ts';
import { TEST_DATA_KEY } from '../helpers/app.ts';
import { adminQuery, createEmptyPostgresDatabase, testEngine } from '../helpers/database.ts';
import { startDatabaseProxy, type DatabaseProxy } from '../helpers/database-proxy.ts';
import { waitFor } from '../helpers/wait-for.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.ts';

describe.skipIf(testEngine !== 'postgres')('outbound delivery when the database connection is lost', () => {
  let empty: Awaited<ReturnType<typeof createEmptyPostgresDatabase>>;
  let proxy: DatabaseProxy;
  let database: DatabaseHandle;
  let receiver: WebhookReceiver;
  const targets = { allowPrivate: true, trustedOrigins: [] };

  beforeAll(async () => {
    empty = await createEmptyPostgresDatabase();
    proxy = await startDatabaseProxy(empty.url);
    database = await openDatabase({ databaseUrl: proxy.url, poolSize: 4, pipelinedReads: false });
    await database.migrate();
    await seedReferenceData(database.db);
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    await receiver?.close();
    await database?.close();
    await proxy?.close();
    await empty?.drop();
  });

  const ctx = () => ({ db: database.db, clock: systemClock, dataKey: TEST_DATA_KEY, targets });
  const deliver = () =>
    deliverDueWebhooks({
      ...ctx(),
      findPayment: findPaymentById,
      log: pino({ level: 'silent' }),
      publicUrl: 'http://payrail.test',
      leaseMs: 60_000,
      runBudgetMs: 1_000,
    });
  let organisationCount = 0;
  /** Queues one test event to the receiver, whose first answer waits for the returned `answer`. */
  const queueHeldDelivery = async () => {
    const code = `LOST${++organisationCount}`;
    const organisation = await createOrganisation(ctx(), {
      name: code,
      code,
      email: `${code}@example.com`,
      country: 'GH',
      currencies: ['GHS'],
    });
    await updateWebhookConfig(ctx(), organisation.id, {
      callbackUrl: receiver.url(),
      webhookSecret: `whsec_${randomBytes(32).toString('base64')}`,
    });
    receiver.reset();
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    receiver.respond((_request, index) => (index === 0 ? { until: answered } : undefined));
    return { queued: await sendTestWebhook(ctx(), organisation.id), answer };
  };
  const deliveredTwice = async (id: number) => {
    const [row] = await database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id));
    expect(row).toMatchObject({ status: 'Success', attempts: 1, lockedUntil: null });
    expect(receiver.received.map((request) => request.headers['webhook-id'])).toEqual([row?.eventId, row?.eventId]);
  };

  it('hands the claimed row back when recording its attempt fails, and the next run delivers it again', async () => {
    const { queued, answer } = await queueHeldDelivery();
    const run = deliver();
    await waitFor(() => receiver.received.length === 1, 5_000, 'the first attempt');
    // The endpoint answers; the statement recording it is held on its way, and the database ends every connection.
    proxy.hold();
    answer();
    await new Promise((resolve) => setTimeout(resolve, 200));
    await adminQuery('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [empty.name]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    proxy.release();
    // The run's own look for more rows may have met the loss too: the worker's next run is the one to see the row.
    await run.catch(() => undefined);
    await deliver();
    await deliveredTwice(queued.id);
  });

  it('hands the row back still when the database is out of reach for a moment after the loss', async () => {
    const { queued, answer } = await queueHeldDelivery();
    const run = deliver();
    await waitFor(() => receiver.received.length === 1, 5_000, 'the first attempt');
    proxy.cut();
    answer();
    // Back before the second try to hand the row back (100 ms after the first), after the first.
    await new Promise((resolve) => setTimeout(resolve, 50));
    proxy.restore();
    await run.catch(() => undefined);
    await deliver();
    await deliveredTwice(queued.id);
  });
});
