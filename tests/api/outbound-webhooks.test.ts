import { createHmac } from 'node:crypto';
import { createServer as createTcpServer, type AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { mailMessages, payments, webhookDeliveries, webhookDeliveryAttempts } from '../../server/db/schema.ts';
import { markFailed } from '../../server/services/payments/transitions.ts';
import { changePaymentStatus } from '../../server/services/payments/payment-changes.ts';
import { findPaymentById, paymentToChange } from '../../server/services/payments/payments-repository.ts';
import { claimDueDeliveries, pruneFinishedDeliveries } from '../../server/services/webhooks/deliveries-repository.ts';
import { deliverDueWebhooks, type DeliveryContext } from '../../server/services/webhooks/delivery.ts';
import { WakeUps } from '../../server/services/worker/wake-ups.ts';
import {
  body,
  buildTestApp,
  createOrganisation,
  createUser,
  signIn,
  TEST_DATA_KEY,
  TEST_PUBLIC_URL,
  type TestApp,
} from '../helpers/app.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.ts';
import { apiCaller } from '../helpers/request.ts';

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const S = 1000;
const M = 60 * S;
const H = 60 * M;

let t: TestApp;
let receiver: WebhookReceiver;
let orgId: number;
let otherOrgId: number;
let orgadmin: string;
let otherOrgadmin: string;
let admin: string;

interface Config {
  callbackUrl: string | null;
  notifierUrl: string | null;
  autoNotify: boolean;
  webhookSecret: string | null;
  outboundHeaderName: string;
  outboundTimestampHeader: string;
  callbackDisabled: boolean;
}
interface Delivery {
  id: number;
  timestamp: string;
  event: string;
  eventId: string;
  url: string;
  status: string;
  attempt: number;
  responseCode: number | null;
  nextAttemptAt: string | null;
  error: string | null;
}

const call = apiCaller(() => t.app);
const configure = async (patch: Record<string, unknown>, token = orgadmin) => {
  const response = await call('PATCH', '/api/organisations/my-organisation/webhook-config', token, patch);
  expect(response.statusCode, response.body).toBe(200);
  return body<Config>(response);
};
const deliveries = async (token = orgadmin, query = '') =>
  body<{ items: Delivery[]; total: number; page: number; pageSize: number }>(
    await call('GET', `/api/organisations/my-organisation/webhook-deliveries${query}`, token),
  );
const createPayment = async (token = orgadmin) => {
  const response = await call('POST', '/api/payments', token, {
    amount: '12.50',
    customerName: 'Ama Mensah',
    customerEmail: 'ama@example.com',
    description: 'Water bill',
  });
  expect(response.statusCode, response.body).toBe(201);
  return body<{ id: string }>(response).id;
};
const paymentId = async (reference: string) =>
  (await t.db.select({ id: payments.id }).from(payments).where(eq(payments.reference, reference)))[0]?.id ?? 0;

const context = (overrides: Partial<DeliveryContext> = {}): DeliveryContext => ({
  db: t.db,
  clock: t.clock,
  log: pino({ level: 'silent' }),
  dataKey: TEST_DATA_KEY,
  targets: { allowPrivate: true, trustedOrigins: [] },
  publicUrl: TEST_PUBLIC_URL,
  mailer: t.app.mailer,
  findPayment: findPaymentById,
  timeoutMs: 2000,
  random: () => 0.5,
  ...overrides,
});
const deliver = (overrides: Partial<DeliveryContext> = {}) => deliverDueWebhooks(context(overrides));

let signedAt = 0;
async function signInAll() {
  [orgadmin, otherOrgadmin, admin] = await Promise.all([
    signIn(t.app, 'hooks@hooks.test'),
    signIn(t.app, 'other@other.test'),
    signIn(t.app, 'root@payrail.test'),
  ]);
  signedAt = t.clock.now().getTime();
}

beforeAll(async () => {
  t = await buildTestApp({ allowPrivateTargets: true });
  receiver = await startWebhookReceiver();
  orgId = await createOrganisation(t.db, 'Hooks Co');
  otherOrgId = await createOrganisation(t.db, 'Other Co');
  await createUser(t.db, { email: 'hooks@hooks.test', orgId });
  await createUser(t.db, { email: 'other@other.test', orgId: otherOrgId });
  await createUser(t.db, { email: 'root@payrail.test', role: 'superadmin' });
  await signInAll();
});
afterAll(async () => {
  await receiver.close();
  await t.close();
});
beforeEach(async () => {
  receiver.reset();
  // Some tests move the clock by days; sessions (12 h) are renewed after such a jump.
  if (t.clock.now().getTime() - signedAt > 6 * H) await signInAll();
  // Each test starts from a quiet outbox and a fully configured organisation.
  await t.db.delete(webhookDeliveries);
  await configure({
    callbackUrl: receiver.url(),
    notifierUrl: null,
    autoNotify: false,
    webhookSecret: SECRET,
    outboundHeaderName: 'X-Payrail-Signature',
    outboundTimestampHeader: 'X-Payrail-Timestamp',
  });
});

describe('webhook configuration API', () => {
  it('starts with the defaults and never shows the secret', async () => {
    const response = await call('GET', `/api/organisations/${otherOrgId}/webhook-config`, admin);
    expect(response.statusCode).toBe(200);
    expect(body(response)).toEqual({
      callbackUrl: null,
      notifierUrl: null,
      autoNotify: false,
      webhookSecret: null,
      outboundHeaderName: 'X-Payrail-Signature',
      outboundTimestampHeader: 'X-Payrail-Timestamp',
      callbackDisabled: false,
    });
    const own = body<Config>(await call('GET', '/api/organisations/my-organisation/webhook-config', orgadmin));
    expect(own.webhookSecret).toBe(`••••${SECRET.slice(-4)}`);
    expect(JSON.stringify(own)).not.toContain(SECRET);
  });

  it('saves the spec payload (webhookUrl alias), keeps the secret when the mask comes back, and clears with null or ""', async () => {
    const saved = await configure({
      webhookUrl: receiver.url('/alias'),
      notifierUrl: receiver.url('/notify'),
      autoNotify: true,
      webhookSecret: `••••${SECRET.slice(-4)}`,
      outboundHeaderName: 'X-Acme-Signature',
      outboundTimestampHeader: 'X-Acme-Timestamp',
    });
    expect(saved).toEqual({
      callbackUrl: receiver.url('/alias'),
      notifierUrl: receiver.url('/notify'),
      autoNotify: true,
      webhookSecret: `••••${SECRET.slice(-4)}`,
      outboundHeaderName: 'X-Acme-Signature',
      outboundTimestampHeader: 'X-Acme-Timestamp',
      callbackDisabled: false,
    });
    const cleared = await configure({ notifierUrl: '', webhookSecret: '' });
    expect(cleared).toMatchObject({ notifierUrl: null, webhookSecret: null, callbackUrl: receiver.url('/alias') });
    expect(await configure({ callbackUrl: null })).toMatchObject({ callbackUrl: null });
  });

  it('lets a superadmin configure any organisation by id, and keeps orgadmins to their own', async () => {
    const url = `/api/organisations/${otherOrgId}/webhook-config`;
    const response = await call('PATCH', url, admin, { callbackUrl: 'https://other.example.com/hooks', autoNotify: true });
    expect(response.statusCode).toBe(200);
    expect(body<Config>(await call('GET', '/api/organisations/my-organisation/webhook-config', otherOrgadmin))).toMatchObject({
      callbackUrl: 'https://other.example.com/hooks',
      autoNotify: true,
    });
    expect((await call('GET', url, orgadmin)).statusCode).toBe(403);
    expect((await call('GET', `/api/organisations/${orgId}/webhook-config`, orgadmin)).statusCode).toBe(403);
    expect((await call('GET', '/api/organisations/my-organisation/webhook-config', admin)).statusCode).toBe(404);
    expect((await call('GET', '/api/organisations/999999/webhook-config', admin)).statusCode).toBe(404);
  });

  it.each([
    [{ callbackUrl: 'ftp://files.example.com/hook' }, 'Callback URL must be an http(s) URL.'],
    [{ webhookUrl: 'javascript:alert(1)' }, 'Callback URL must be an http(s) URL.'],
    [{ notifierUrl: 'not a url' }, 'Notifier URL must be an http(s) URL.'],
    [{ outboundHeaderName: 'X Signature' }, 'outboundHeaderName must be'],
    [{ outboundHeaderName: 'X-Sig\r\nX-Evil: 1' }, 'outboundHeaderName must be'],
    [{ outboundTimestampHeader: 'X'.repeat(101) }, 'outboundTimestampHeader must be'],
    [{ outboundHeaderName: 'Content-Type' }, 'outboundHeaderName may not be Content-Type'],
    [{ outboundHeaderName: 'x-payrail-timestamp' }, 'must be different headers'],
    [{ webhookSecret: 'my-plain-secret' }, 'webhookSecret must start with whsec_'],
    [{ webhookSecret: 'whsec_c2hvcnQ=' }, 'webhookSecret must start with whsec_'],
    [{ callbackUrl: 'https://ok.example.com/x', webhookSecret: 'nope' }, 'webhookSecret must start with whsec_'],
    [{ webhookUrl: 'https://a.example.com', callbackUrl: 'https://b.example.com' }, 'not two different values'],
    [{ unknownField: 1 }, 'unknownField'],
  ])('refuses %j with a clear 400 and saves nothing', async (patch, message) => {
    const before = await call('GET', '/api/organisations/my-organisation/webhook-config', orgadmin);
    const response = await call('PATCH', '/api/organisations/my-organisation/webhook-config', orgadmin, patch);
    expect(response.statusCode).toBe(400);
    expect(body<{ message: string }>(response).message).toContain(message);
    expect((await call('GET', '/api/organisations/my-organisation/webhook-config', orgadmin)).body).toBe(before.body);
  });
});

describe('private targets', () => {
  let strict: TestApp;
  let token: string;
  beforeAll(async () => {
    strict = await buildTestApp();
    const id = await createOrganisation(strict.db, 'Strict Co');
    await createUser(strict.db, { email: 'strict@strict.test', orgId: id });
    token = await signIn(strict.app, 'strict@strict.test');
  });
  afterAll(() => strict.close());

  it.each([
    'http://127.0.0.1:8080/hooks',
    'http://localhost/hooks',
    'http://10.1.2.3/hooks',
    'http://[::1]/hooks',
    'http://169.254.169.254/',
  ])('refuses %s in the webhook configuration and in the organisation settings alike', async (url) => {
    for (const [path, field] of [
      ['/api/organisations/my-organisation/webhook-config', 'callbackUrl'],
      ['/api/organisations/my-organisation/webhook-config', 'notifierUrl'],
      ['/api/organisations/my-organisation', 'callbackUrl'],
    ] as const) {
      const response = await strict.app.inject({
        method: 'PATCH',
        url: path,
        headers: { authorization: `Bearer ${token}` },
        payload: { [field]: url },
      });
      expect(response.statusCode, `${path} ${field}`).toBe(400);
      expect(body<{ message: string }>(response).message).toMatch(/private or loopback address/);
    }
  });

  it('refuses at send time too: a saved URL resolving to a private address gets a failed attempt, not a request', async () => {
    const reference = await createPayment();
    expect(reference).toMatch(/^PAY-/);
    await deliver({ targets: { allowPrivate: false, trustedOrigins: [] } });
    const [item] = (await deliveries()).items;
    expect(item).toMatchObject({ status: 'Retrying', attempt: 1, responseCode: null });
    expect(item?.error).toMatch(/^Refused: .*private/);
    expect(receiver.received).toHaveLength(0);
  });
});

describe('the outbox', () => {
  it('writes payment.created, payment.succeeded and payment.failed in the payment transaction', async () => {
    const reference = await createPayment();
    const paid = await call('PATCH', `/api/payments/${reference}/mark-success`, orgadmin);
    expect(paid.statusCode).toBe(200);
    const failing = await createPayment();
    const failingId = await paymentId(failing);
    await t.db.transaction((tx) => markFailed(tx, failingId, 'verify', t.clock.now()));
    const { items } = await deliveries();
    expect(items.map((item) => item.event).sort()).toEqual(['payment.created', 'payment.created', 'payment.failed', 'payment.succeeded']);
    const rows = await t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.type, 'payment.succeeded'));
    const event = JSON.parse(rows[0]?.body ?? '{}') as {
      id: string;
      type: string;
      createdAt: string;
      data: { payment: Record<string, unknown> };
    };
    expect(event).toMatchObject({ id: rows[0]?.eventId, type: 'payment.succeeded', createdAt: t.clock.now().toISOString() });
    expect(event.data.payment).toMatchObject({ id: reference, status: 'Success', amount: '12.50', amountMinor: 1250, currency: 'GHS' });
    // The number is taken by the statement that writes the event: the event shows that number, in the body's own layout.
    expect(event.data.payment['receiptNumber']).toBe(paid.json<{ receiptNumber: string }>().receiptNumber);
    expect(rows[0]?.body).toContain(`"receiptNumber":${JSON.stringify(paid.json<{ receiptNumber: string }>().receiptNumber)},`);
  });

  it('writes nothing when the payment change rolls back, and nothing without a callback URL', async () => {
    const reference = await createPayment();
    const id = await paymentId(reference);
    await t.db.delete(webhookDeliveries);
    await expect(
      t.db.transaction(async (tx) => {
        const current = await paymentToChange(tx, id);
        const at = t.clock.now();
        expect(await changePaymentStatus(tx, current!, { status: 'Failed', at }, { cause: 'verify', actorUserId: null, at })).toBeDefined();
        expect(await tx.select().from(webhookDeliveries)).toHaveLength(1);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await t.db.select().from(webhookDeliveries)).toHaveLength(0);
    await configure({ callbackUrl: null });
    await createPayment();
    expect(await t.db.select().from(webhookDeliveries)).toHaveLength(0);
  });
});

describe('delivery', () => {
  it('signs each delivery so node:crypto and the standardwebhooks library both verify it', async () => {
    t.clock.advance(Date.now() - t.clock.now().getTime()); // the library checks timestamps against the real clock
    // That jump can be more than a session's 12 h (late in the day): sign in again at the new time.
    await signInAll();
    await configure({ outboundHeaderName: 'X-Acme-Signature', outboundTimestampHeader: 'X-Acme-Timestamp' });
    const reference = await createPayment();
    expect(await deliver()).toBe(1);
    expect(receiver.received).toHaveLength(1);
    const [request] = receiver.received;
    if (!request) throw new Error('no request');
    const ts = request.headers['x-acme-timestamp'] as string;
    expect(ts).toBe(String(Math.floor(t.clock.now().getTime() / 1000)));
    expect(request.headers['x-acme-signature']).toBe(createHmac('sha256', SECRET).update(`${ts}.${request.body}`).digest('hex'));
    expect(request.headers['x-payrail-signature']).toBeUndefined();
    expect(request.headers['content-type']).toBe('application/json');
    const event = new Webhook(SECRET).verify(request.body, request.headers as Record<string, string>) as {
      id: string;
      type: string;
      data: { payment: { id: string } };
    };
    expect(event).toMatchObject({ id: request.headers['webhook-id'], type: 'payment.created', data: { payment: { id: reference } } });
    expect((await deliveries()).items[0]).toMatchObject({
      status: 'Success',
      attempt: 1,
      responseCode: 200,
      nextAttemptAt: null,
      error: null,
    });
  });

  it('takes a row queued while a delivery is in flight at its wake-up, not at the next poll', async () => {
    let secondArrived: () => void = () => undefined;
    const second = new Promise<void>((resolve) => (secondArrived = resolve));
    // The first delivery is held open until the second arrives: with the poll an hour away, only the wake-up can
    // bring the second row in while the first is in flight.
    receiver.respond((_request, index) => (index === 0 ? { until: second } : (secondArrived(), undefined)));
    const first = await createPayment();
    const wakeUps = new WakeUps();
    const run = deliver({ wakeUps, pollMs: H });
    await vi.waitFor(() => expect(receiver.received).toHaveLength(1));
    const next = await createPayment();
    wakeUps.signal();
    expect(await run).toBe(2);
    expect(
      receiver.received.map((request) => (JSON.parse(request.body) as { data: { payment: { reference: string } } }).data.payment.reference),
    ).toEqual([first, next]);
    expect((await deliveries()).items.map((delivery) => delivery.status)).toEqual(['Success', 'Success']);
  });

  it('retries a receiver that fails three times on the 5 s, 5 min, 30 min schedule, with the same webhook-id', async () => {
    receiver.respond((_request, index) => (index < 3 ? { status: 500, body: 'database down' } : undefined));
    await createPayment();
    const start = t.clock.now().getTime();
    const expectNext = async (status: string, attempt: number, nextAt: number | null) => {
      const [item] = (await deliveries()).items;
      expect(item).toMatchObject({ status, attempt, nextAttemptAt: nextAt === null ? null : new Date(nextAt).toISOString() });
    };
    await deliver();
    await expectNext('Retrying', 1, start + 5 * S);
    await deliver();
    expect(receiver.received).toHaveLength(1); // not due yet
    t.clock.advance(5 * S);
    await deliver();
    await expectNext('Retrying', 2, start + 5 * S + 5 * M);
    t.clock.advance(5 * M);
    await deliver();
    await expectNext('Retrying', 3, start + 5 * S + 5 * M + 30 * M);
    t.clock.advance(30 * M - 1);
    await deliver();
    expect(receiver.received).toHaveLength(3);
    t.clock.advance(1);
    await deliver();
    await expectNext('Success', 4, null);
    expect(new Set(receiver.received.map((request) => request.headers['webhook-id'])).size).toBe(1);
    expect(new Set(receiver.received.map((request) => request.body)).size).toBe(1);
    const attempts = await t.db.select().from(webhookDeliveryAttempts).orderBy(webhookDeliveryAttempts.id);
    expect(attempts.map((attempt) => [attempt.attempt, attempt.statusCode, attempt.responseExcerpt])).toEqual([
      [1, 500, 'database down'],
      [2, 500, 'database down'],
      [3, 500, 'database down'],
      [4, 200, '{"ok":true}'],
    ]);
    expect(
      attempts.every(
        (attempt) => attempt.durationMs >= 0 && attempt.error === (attempt.statusCode === 200 ? null : 'The endpoint answered 500.'),
      ),
    ).toBe(true);
  });

  it('gives up after eight attempts spread over the whole schedule, jitter included', async () => {
    receiver.respond(() => ({ status: 502 }));
    await createPayment();
    const delays: number[] = [];
    for (let attempt = 1; attempt <= 8; attempt++) {
      await deliver({ random: () => (attempt % 2 === 0 ? 0 : 1) });
      // Read straight from the table: the clock moves past the session's 12 h.
      const [row] = await t.db.select().from(webhookDeliveries);
      if (row?.nextAttemptAt) {
        const delay = row.nextAttemptAt.getTime() - t.clock.now().getTime();
        delays.push(delay);
        t.clock.advance(delay);
      }
    }
    expect(delays).toEqual([5 * S * 1.1, 5 * M * 0.9, 30 * M * 1.1, 2 * H * 0.9, 5 * H * 1.1, 10 * H * 0.9, 10 * H * 1.1].map(Math.round));
    const [row] = await t.db.select().from(webhookDeliveries);
    expect(row).toMatchObject({ status: 'Failed', attempts: 8, lastResponseCode: 502, nextAttemptAt: null });
    expect(row?.lastError).toMatch(/^Gave up after 8 attempts/);
    t.clock.advance(30 * H);
    await deliver();
    expect(receiver.received).toHaveLength(8);
  });

  it('honours Retry-After on 429 and 503 (seconds or an HTTP date)', async () => {
    const later = new Date(t.clock.now().getTime() + 90 * S).toUTCString();
    receiver.respond((_request, index) =>
      index === 0
        ? { status: 429, headers: { 'retry-after': '120' } }
        : index === 1
          ? { status: 503, headers: { 'retry-after': later } }
          : undefined,
    );
    await createPayment();
    const start = t.clock.now().getTime();
    await deliver();
    expect((await deliveries()).items[0]?.nextAttemptAt).toBe(new Date(start + 120 * S).toISOString());
    t.clock.advance(119 * S);
    await deliver();
    expect(receiver.received).toHaveLength(1);
    t.clock.advance(S);
    await deliver();
    expect(receiver.received).toHaveLength(2);
    // The HTTP date was 90 s after the start; 120 s have passed, so it is due at once (within 1 s).
    expect(new Date((await deliveries()).items[0]?.nextAttemptAt ?? 0).getTime() - t.clock.now().getTime()).toBe(S);
    t.clock.advance(S);
    await deliver();
    expect((await deliveries()).items[0]).toMatchObject({ status: 'Success', attempt: 3 });
  });

  it('disables an endpoint that answers 410 until its URL is saved again', async () => {
    receiver.respond(() => ({ status: 410, body: 'gone' }));
    await createPayment();
    await deliver();
    expect((await deliveries()).items[0]).toMatchObject({ status: 'Disabled', attempt: 1, responseCode: 410, nextAttemptAt: null });
    const config = body<Config>(await call('GET', '/api/organisations/my-organisation/webhook-config', orgadmin));
    expect(config.callbackDisabled).toBe(true);
    receiver.reset();
    await createPayment();
    await deliver();
    expect(receiver.received).toHaveLength(0);
    expect((await deliveries()).items.map((item) => item.status)).toEqual(['Disabled', 'Disabled']);
    const test = await call('POST', '/api/organisations/my-organisation/webhook-test', orgadmin);
    expect(body<Delivery>(test).status).toBe('Disabled');
    expect((await configure({ webhookUrl: receiver.url() })).callbackDisabled).toBe(false);
    await createPayment();
    await deliver();
    expect(receiver.received).toHaveLength(1);
    expect((await deliveries()).items[0]).toMatchObject({ status: 'Success', event: 'payment.created' });
  });

  it('fails an attempt on a slow receiver (timeout), a redirect and a garbage answer, then retries', async () => {
    receiver.respond((request) =>
      request.path === '/slow'
        ? { delayMs: 3000 }
        : request.path === '/redirect'
          ? { status: 302, headers: { location: `${receiver.origin}/elsewhere` } }
          : undefined,
    );
    const garbage = createTcpServer((socket) => socket.end('this is not HTTP at all\r\n\r\n'));
    await new Promise<void>((resolve) => garbage.listen(0, '127.0.0.1', resolve));
    const garbageUrl = `http://127.0.0.1:${(garbage.address() as AddressInfo).port}/hooks`;
    try {
      const outcomes: Record<string, Delivery | undefined> = {};
      for (const [name, url] of [
        ['slow', receiver.url('/slow')],
        ['redirect', receiver.url('/redirect')],
        ['garbage', garbageUrl],
      ] as const) {
        await configure({ callbackUrl: url });
        await createPayment();
        const started = Date.now();
        await deliver({ timeoutMs: 300 });
        expect(Date.now() - started).toBeLessThan(2000);
        outcomes[name] = (await deliveries()).items[0];
      }
      expect(outcomes['slow']).toMatchObject({ status: 'Retrying', attempt: 1, responseCode: null, error: 'No answer within 0.3 s.' });
      expect(outcomes['redirect']).toMatchObject({ status: 'Retrying', attempt: 1, responseCode: 302 });
      expect(outcomes['redirect']?.error).toMatch(/^Redirects are not followed \(302 to http:\/\/127\.0\.0\.1:\d+\/elsewhere\)/);
      expect(outcomes['garbage']).toMatchObject({ status: 'Retrying', attempt: 1, responseCode: null });
      expect(outcomes['garbage']?.error).toBeTruthy();
      expect(receiver.received.map((request) => request.path).sort()).toEqual(['/redirect', '/slow']);
    } finally {
      garbage.close();
    }
  });

  it('counts any 2xx as delivered and keeps at most 500 characters of the answer', async () => {
    receiver.respond((_request, index) => (index === 0 ? { status: 204, body: '' } : { status: 200, body: 'x'.repeat(100_000) }));
    await createPayment();
    await createPayment();
    await deliver();
    expect((await deliveries()).items.map((item) => `${item.status} ${item.responseCode}`).sort()).toEqual(['Success 200', 'Success 204']);
    const attempts = await t.db.select().from(webhookDeliveryAttempts);
    expect(Math.max(...attempts.map((attempt) => attempt.responseExcerpt?.length ?? 0))).toBe(500);
  });

  it('sends nothing unsigned: without a secret the attempt fails visibly and succeeds once one is saved', async () => {
    await configure({ webhookSecret: null });
    expect(body<{ message: string }>(await call('POST', '/api/organisations/my-organisation/webhook-test', orgadmin)).message).toMatch(
      /Set a webhook secret first/,
    );
    await createPayment();
    await deliver();
    expect(receiver.received).toHaveLength(0);
    expect((await deliveries()).items[0]?.error).toMatch(/No webhook secret is configured/);
    await configure({ webhookSecret: SECRET });
    t.clock.advance(5 * S);
    await deliver();
    expect((await deliveries()).items[0]).toMatchObject({ status: 'Success', attempt: 2 });
  });

  it('retries a delivery whose worker died mid-attempt once its lease runs out; the stale worker changes nothing', async () => {
    await createPayment();
    const [claimed] = await claimDueDeliveries(t.db, t.clock.now(), 10, 60 * S);
    expect(claimed).toBeDefined();
    // The "crashed" worker never completes. Nothing is due while its lease lasts…
    expect(await deliver()).toBe(0);
    t.clock.advance(60 * S);
    // …then another worker takes the row over and delivers it.
    expect(await deliver()).toBe(1);
    expect(receiver.received).toHaveLength(1);
    expect((await deliveries()).items[0]).toMatchObject({ status: 'Success', attempt: 1 });
  });
});

describe('delivery logs, resend and test events', () => {
  it('lists deliveries newest first with pages', async () => {
    for (let i = 0; i < 12; i++) {
      await createPayment();
      t.clock.advance(S);
    }
    const first = await deliveries(orgadmin, '?page=1&pageSize=10');
    expect(first).toMatchObject({ total: 12, page: 1, pageSize: 10 });
    expect(first.items).toHaveLength(10);
    const second = await deliveries(orgadmin, '?page=2&pageSize=10');
    expect(second.items).toHaveLength(2);
    const times = [...first.items, ...second.items].map((item) => item.timestamp);
    expect(times).toEqual([...times].sort().reverse());
    expect(first.items[0]).toMatchObject({
      event: 'payment.created',
      url: receiver.url(),
      status: 'Pending',
      attempt: 0,
      responseCode: null,
    });
    expect((await call('GET', '/api/organisations/my-organisation/webhook-deliveries?pageSize=7', orgadmin)).statusCode).toBe(400);
  });

  it('resends the same event (same webhook-id) and hides other organisations’ deliveries', async () => {
    await createPayment();
    await deliver();
    const [delivered] = (await deliveries()).items;
    if (!delivered) throw new Error('no delivery');
    const resent = await call('POST', `/api/organisations/my-organisation/webhook-deliveries/${delivered.id}/resend`, orgadmin);
    expect(resent.statusCode).toBe(202);
    expect(body<Delivery>(resent)).toMatchObject({ id: delivered.id, eventId: delivered.eventId, status: 'Pending' });
    await deliver();
    expect(receiver.received.map((request) => request.headers['webhook-id'])).toEqual([delivered.eventId, delivered.eventId]);
    expect((await deliveries()).items[0]).toMatchObject({ status: 'Success', attempt: 2 });
    expect(
      (await call('POST', `/api/organisations/my-organisation/webhook-deliveries/${delivered.id}/resend`, otherOrgadmin)).statusCode,
    ).toBe(404);
    expect((await call('POST', `/api/organisations/${otherOrgId}/webhook-deliveries/${delivered.id}/resend`, admin)).statusCode).toBe(404);
    expect((await call('POST', `/api/organisations/${orgId}/webhook-deliveries/${delivered.id}/resend`, admin)).statusCode).toBe(202);
    expect((await call('GET', `/api/organisations/${otherOrgId}/webhook-deliveries`, admin)).json()).toMatchObject({ total: 0 });
  });

  it('sends a payment.test event with a sample payment, or asks for a callback URL first', async () => {
    const response = await call('POST', '/api/organisations/my-organisation/webhook-test', orgadmin);
    expect(response.statusCode).toBe(202);
    expect(body<Delivery>(response)).toMatchObject({ event: 'payment.test', status: 'Pending', url: receiver.url(), attempt: 0 });
    await deliver();
    const event = JSON.parse(receiver.received[0]?.body ?? '{}') as { type: string; data: { payment: { status: string } } };
    expect(event).toMatchObject({ type: 'payment.test', data: { payment: { status: 'Success', amount: '12.50' } } });
    await configure({ callbackUrl: '' });
    const refused = await call('POST', '/api/organisations/my-organisation/webhook-test', orgadmin);
    expect(refused.statusCode).toBe(400);
    expect(body<{ message: string }>(refused).message).toBe('Set a callback URL first.');
  });
});

describe('retention', () => {
  it('prunes finished deliveries and their attempts past retention, never pending ones', async () => {
    receiver.respond((_request, index) => (index === 0 ? undefined : { status: 500 }));
    await createPayment();
    await createPayment();
    await deliver();
    expect((await deliveries()).items.map((item) => item.status).sort()).toEqual(['Retrying', 'Success']);
    expect(await pruneFinishedDeliveries(t.db, t.clock.now())).toBe(0);
    t.clock.advance(1);
    expect(await pruneFinishedDeliveries(t.db, t.clock.now())).toBe(1);
    expect((await deliveries()).items.map((item) => item.status)).toEqual(['Retrying']);
    expect(await t.db.select().from(webhookDeliveryAttempts)).toHaveLength(1);
  });
});

describe('autoNotify', () => {
  it('also notifies the notifier URL and e-mails the customer a receipt once, even on replays', async () => {
    await configure({ autoNotify: true, notifierUrl: receiver.url('/notify') });
    const reference = await createPayment();
    expect((await call('PATCH', `/api/payments/${reference}/mark-success`, orgadmin)).statusCode).toBe(200);
    // A replayed success (mark as paid again) changes nothing, so it announces nothing.
    await call('PATCH', `/api/payments/${reference}/mark-success`, orgadmin);
    await deliver();
    expect(receiver.received.map((request) => `${request.path} ${(JSON.parse(request.body) as { type: string }).type}`).sort()).toEqual([
      '/hooks payment.created',
      '/hooks payment.succeeded',
      '/notify payment.created',
      '/notify payment.succeeded',
    ]);
    const id = await paymentId(reference);
    const [payment] = await t.db.select().from(payments).where(eq(payments.id, id));
    const mails = await t.db.select().from(mailMessages).where(eq(mailMessages.paymentId, id));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ toAddress: 'ama@example.com', subject: 'Your receipt from Hooks Co' });
    expect(mails[0]?.textBody).toContain(`${TEST_PUBLIC_URL}/receipts/${payment?.receiptToken}`);
    expect(mails[0]?.textBody).toContain('12.50 GHS');
    // A worker that crashed after sending, before recording it, must not send it again.
    await t.db
      .update(webhookDeliveries)
      .set({ status: 'Pending', nextAttemptAt: t.clock.now() })
      .where(eq(webhookDeliveries.channel, 'email'));
    await deliver();
    expect(await t.db.select().from(mailMessages).where(eq(mailMessages.paymentId, id))).toHaveLength(1);
    // Receipt e-mails stay out of the webhook Delivery Logs.
    expect((await deliveries()).items.every((item) => !item.url.startsWith('mailto:'))).toBe(true);
  });

  it('sends no receipt e-mail without autoNotify', async () => {
    const reference = await createPayment();
    await call('PATCH', `/api/payments/${reference}/mark-success`, orgadmin);
    await deliver();
    expect(
      await t.db
        .select()
        .from(mailMessages)
        .where(eq(mailMessages.paymentId, await paymentId(reference))),
    ).toHaveLength(0);
  });
});
