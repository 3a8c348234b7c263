import { createHmac } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sandboxEntry } from '../../server/db/provider-catalogue.ts';
import { apiLogs, webhookDeliveries } from '../../server/db/schema.ts';
import { RECOVER_LIMIT } from '../../isomorphic/schemas/webhooks.ts';
import { buildListeningTestApp, createOrganisation, createUser, signIn, type TestApp } from '../helpers/app.ts';
import { deliverWebhooksNow } from '../helpers/sandbox-merchant.ts';
import { httpCaller } from '../helpers/request.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.ts';

const SANDBOX_KEY = 'sk_sandbox_timeline_test';
const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const HOUR = 60 * 60 * 1000;

let t: TestApp & { publicUrl: string };
let receiver: WebhookReceiver;
let orgId: number;
let orgadmin: string;
let otherOrgadmin: string;
let admin: string;

interface Attempt {
  attempt: number;
  startedAt: string;
  durationMs: number;
  statusCode: number | null;
  responseExcerpt: string | null;
  error: string | null;
}
interface Timeline {
  payment: { reference: string; status: string; customerName: string; amount: string; attempts: { gateway: string; outcome: string }[] };
  organisation: { id: number; name: string; code: string };
  history: { fromStatus: string | null; toStatus: string; cause: string; causeText: string; actor: { id: number; name: string } | null }[];
  callbacks: { provider: string; status: string; signatureValid: boolean | null; httpStatus: number; message: string | null }[];
  deliveries: { id: number; event: string; channel: string; status: string; attempt: number; attempts: Attempt[] }[];
  messages: { subject: string }[];
  invoiceUrl: string;
  receiptUrl: string | null;
}

const api = httpCaller(() => t.publicUrl);
const ok = async <T>(method: 'GET' | 'POST' | 'PATCH', path: string, token: string | null, payload?: unknown, status = 200) => {
  const reply = await api(method, path, token, payload);
  expect(reply.status, reply.text).toBe(status);
  return reply.json<T>();
};
const timeline = (reference: string, token = orgadmin) => ok<Timeline>('GET', `/api/payments/${reference}/timeline`, token);
const deliver = () => deliverWebhooksNow(t, 2000);
const sign = (raw: string, key = SANDBOX_KEY) => createHmac('sha256', key).update(raw).digest('hex');
const pspCallback = (raw: string, signature: string) =>
  fetch(`${t.publicUrl}/api/webhooks/psp/sandbox`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'X-Sandbox-Signature': signature },
    body: raw,
  });
const customer = { amount: '40.00', customerName: 'Kwame Boateng', customerEmail: 'kwame@example.com', description: 'Order 77' };

/** Signs everyone in again (sessions last 12 h; the recovery tests move the clock by days). */
async function signInAll() {
  [orgadmin, otherOrgadmin, admin] = await Promise.all([
    signIn(t.app, 'desk@timeline.test'),
    signIn(t.app, 'desk@elsewhere.test'),
    signIn(t.app, 'root@timeline.test'),
  ]);
}

beforeAll(async () => {
  t = await buildListeningTestApp({ allowPrivateTargets: true, publicRateLimitPerMinute: 1000 });
  receiver = await startWebhookReceiver();
  orgId = await createOrganisation(t.db, 'Timeline Co');
  const otherOrgId = await createOrganisation(t.db, 'Elsewhere Co');
  await createUser(t.db, { email: 'desk@timeline.test', orgId, name: 'Efua Desk' });
  await createUser(t.db, { email: 'desk@elsewhere.test', orgId: otherOrgId });
  await createUser(t.db, { email: 'root@timeline.test', role: 'superadmin' });
  await signInAll();
  await ok(
    'POST',
    '/api/organisations/my-organisation/gateways',
    orgadmin,
    {
      name: 'Sandbox',
      provider: 'sandbox',
      secretKey: SANDBOX_KEY,
      webhookSecret: SANDBOX_KEY,
      config: sandboxEntry(t.publicUrl).sampleConfig,
    },
    201,
  );
  await ok('PATCH', '/api/organisations/my-organisation/webhook-config', orgadmin, { callbackUrl: receiver.url(), webhookSecret: SECRET });
});
afterAll(async () => {
  await receiver.close();
  await t.close();
});
beforeEach(() => {
  receiver.reset();
  receiver.respond(() => undefined);
});

describe('GET /payments/{reference}/timeline', () => {
  it('tells a gateway payment from creation to the PSP callback and the webhook attempts, and resends a delivery', async () => {
    const created = await ok<{ id: string }>('POST', '/api/payments', orgadmin, { ...customer, processViaGateway: true }, 201);
    const raw = JSON.stringify({ event: 'payment.completed', reference: created.id, status: 'success' });
    expect((await pspCallback(raw, sign(raw, 'sk_forger'))).status).toBe(401);
    expect((await pspCallback(raw, sign(raw))).status).toBe(200);
    // The merchant's endpoint is down: two attempts of each event fail with 500.
    receiver.respond(() => ({ status: 500, body: 'upstream exploded' }));
    await deliver();
    t.clock.advance(6000);
    await deliver();

    const view = await timeline(created.id);
    expect(view.payment).toMatchObject({ reference: created.id, status: 'Success', customerName: 'Kwame Boateng', amount: '40.00' });
    expect(view.payment.attempts).toMatchObject([{ gateway: 'Sandbox', outcome: 'ok' }]);
    expect(view.organisation).toMatchObject({ id: orgId, name: 'Timeline Co' });
    expect(view.history.map(({ fromStatus, toStatus, cause, causeText }) => [fromStatus, toStatus, cause, causeText])).toEqual([
      [null, 'Pending', 'created', 'Created in the console by Efua Desk'],
      ['Pending', 'Success', 'webhook', 'PSP callback'],
    ]);
    expect(view.callbacks.map(({ status, signatureValid, httpStatus, message }) => [status, signatureValid, httpStatus, message])).toEqual([
      ['rejected', false, 401, 'Invalid signature.'],
      ['accepted', true, 200, expect.any(String)],
    ]);
    expect(view.deliveries.map((delivery) => [delivery.event, delivery.channel, delivery.status])).toEqual([
      ['payment.created', 'callback', 'Retrying'],
      ['payment.succeeded', 'callback', 'Retrying'],
    ]);
    for (const delivery of view.deliveries) {
      expect(delivery.attempts.map((attempt) => [attempt.attempt, attempt.statusCode, attempt.responseExcerpt])).toEqual([
        [1, 500, 'upstream exploded'],
        [2, 500, 'upstream exploded'],
      ]);
      expect(delivery.attempts.every((attempt) => attempt.durationMs >= 0)).toBe(true);
    }
    expect(view.receiptUrl).toMatch(new RegExp(`^${t.publicUrl}/receipts/`));
    expect(view.invoiceUrl).toBe(`${t.publicUrl}/receipts/invoice/${created.id}`);
    expect((await fetch(view.receiptUrl ?? '')).status).toBe(200);

    // Resend from the page: the endpoint is back, the same delivery gets its third attempt and succeeds.
    receiver.respond(() => undefined);
    receiver.reset();
    const [first] = view.deliveries;
    await ok('POST', `/api/organisations/my-organisation/webhook-deliveries/${first?.id}/resend`, orgadmin, undefined, 202);
    await deliver();
    const after = await timeline(created.id);
    expect(after.deliveries[0]).toMatchObject({ status: 'Success', attempt: 3 });
    expect(after.deliveries[0]?.attempts.map((attempt) => attempt.statusCode)).toEqual([500, 500, 200]);
    expect(receiver.received).toHaveLength(1);
    expect(JSON.parse(receiver.received[0]?.body ?? '{}')).toMatchObject({ type: 'payment.created' });

    // The delivery logs show the same full history.
    const attempts = await ok<Attempt[]>('GET', `/api/organisations/my-organisation/webhook-deliveries/${first?.id}/attempts`, orgadmin);
    expect(attempts.map((attempt) => attempt.statusCode)).toEqual([500, 500, 200]);
    expect((await api('GET', `/api/organisations/my-organisation/webhook-deliveries/${first?.id}/attempts`, otherOrgadmin)).status).toBe(
      404,
    );
    expect((await api('GET', `/api/organisations/${orgId}/webhook-deliveries/${first?.id}/attempts`, admin)).status).toBe(200);
  });

  it('names each creation channel and who marked a payment paid', async () => {
    const viaApi = await ok<{ id: string }>('POST', '/api/payments', orgadmin, customer, 201);
    await ok('PATCH', `/api/payments/${viaApi.id}/mark-success`, orgadmin);
    expect((await timeline(viaApi.id)).history.map((entry) => [entry.cause, entry.causeText, entry.actor?.name ?? null])).toEqual([
      ['created', 'Created in the console by Efua Desk', 'Efua Desk'],
      ['mark-paid', 'Mark as paid by Efua Desk', 'Efua Desk'],
    ]);

    const checkoutUrl = (await ok<{ url: string }>('GET', '/api/organisations/my-organisation/checkout-url', orgadmin)).url;
    // The hosted page /pay/{token} posts to the checkout endpoint of the same token.
    const checkoutToken = new URL(checkoutUrl).pathname.split('/').pop() ?? '';
    const fromCheckout = await ok<{ reference: string }>('POST', `/api/payment/checkout/${checkoutToken}`, null, customer, 201);
    expect((await timeline(fromCheckout.reference)).history.map((entry) => [entry.cause, entry.causeText])).toEqual([
      ['checkout', 'Created on the checkout page'],
    ]);

    const recordUrl = (await ok<{ url: string }>('GET', '/api/organisations/my-organisation/record-url', orgadmin)).url;
    const recorded = await ok<{ reference: string }>('POST', new URL(recordUrl).pathname, null, customer, 201);
    expect((await timeline(recorded.reference)).history.map((entry) => [entry.cause, entry.causeText])).toEqual([
      ['created', 'Created through the Record URL'],
      ['record-url', 'Recorded as paid through the Record URL'],
    ]);
  });

  it('answers another organisation with the same 404 as a missing payment, a superadmin with any, bad input with 400', async () => {
    const created = await ok<{ id: string }>('POST', '/api/payments', orgadmin, customer, 201);
    const foreign = await api('GET', `/api/payments/${created.id}/timeline`, otherOrgadmin);
    const missing = await api('GET', '/api/payments/PAY-0000000000000000/timeline', otherOrgadmin);
    expect([foreign.status, missing.status]).toEqual([404, 404]);
    expect(foreign.json()).toEqual(missing.json());
    const asAdmin = await timeline(created.id, admin);
    expect(asAdmin.organisation).toMatchObject({ id: orgId, name: 'Timeline Co' });
    expect(asAdmin.payment.reference).toBe(created.id);
    expect((await api('GET', '/api/payments/not-a-reference/timeline', orgadmin)).status).toBe(400);
    expect((await api('GET', `/api/payments/${created.id}/timeline`, null)).status).toBe(401);
  });
});

describe('webhook recovery', () => {
  /** Runs the worker through all eight attempts of every due delivery, the endpoint answering 500 each time. */
  async function failEverything() {
    receiver.respond(() => ({ status: 500, body: 'down' }));
    for (let attempt = 0; attempt < 8; attempt++) {
      await deliver();
      t.clock.advance(12 * HOUR);
    }
    receiver.respond(() => undefined);
    receiver.reset();
    await signInAll();
  }
  const failedCount = async () =>
    (
      await t.db
        .select()
        .from(webhookDeliveries)
        .where(and(eq(webhookDeliveries.orgId, orgId), eq(webhookDeliveries.status, 'Failed')))
    ).length;
  const recover = (since: unknown, token = orgadmin, path = '/api/organisations/my-organisation/webhook-deliveries/recover') =>
    api('POST', path, token, since === undefined ? {} : { since });

  it('resends every failed delivery since a time once, however often it is called, and logs the call', async () => {
    await t.db.delete(webhookDeliveries);
    const before = t.clock.now().toISOString();
    await ok('POST', '/api/payments', orgadmin, customer, 201);
    await ok('POST', '/api/payments', orgadmin, customer, 201);
    await failEverything();
    expect(await failedCount()).toBe(2);

    const first = await recover(before);
    expect(first.status, first.text).toBe(202);
    expect(first.json()).toEqual({ requeued: 2, limit: RECOVER_LIMIT, more: false });
    expect(await failedCount()).toBe(0);
    // Called again before the worker ran: nothing is re-queued twice.
    expect((await recover(before)).json()).toEqual({ requeued: 0, limit: RECOVER_LIMIT, more: false });
    await deliver();
    expect(receiver.received).toHaveLength(2);
    // A time after the failures takes none of them; the superadmin's route works for the organisation too.
    expect((await recover(t.clock.now().toISOString(), admin, `/api/organisations/${orgId}/webhook-deliveries/recover`)).json()).toEqual({
      requeued: 0,
      limit: RECOVER_LIMIT,
      more: false,
    });

    await t.app.apiLogs.flush();
    const logged = await t.db
      .select()
      .from(apiLogs)
      .where(eq(apiLogs.endpoint, '/api/organisations/my-organisation/webhook-deliveries/recover'));
    expect(logged.filter((row) => row.method === 'POST' && row.statusCode === 202).length).toBeGreaterThanOrEqual(2);
  });

  it(`re-queues at most ${RECOVER_LIMIT} a call, oldest first, and says when more remain`, async () => {
    await t.db.delete(webhookDeliveries);
    const since = t.clock.now().toISOString();
    await ok('POST', '/api/payments', orgadmin, customer, 201);
    await failEverything();
    const [failed] = await t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.orgId, orgId));
    if (!failed) throw new Error('no failed delivery');
    const { id: _id, ...template } = failed;
    // More failed deliveries than one call takes (copies of the real one, each its own event).
    await t.db
      .insert(webhookDeliveries)
      .values(Array.from({ length: RECOVER_LIMIT }, (_, index) => ({ ...template, eventId: `msg_recover_${index}` })));
    expect(await failedCount()).toBe(RECOVER_LIMIT + 1);
    expect((await recover(since)).json()).toEqual({ requeued: RECOVER_LIMIT, limit: RECOVER_LIMIT, more: true });
    expect(await failedCount()).toBe(1);
    expect((await recover(since)).json()).toEqual({ requeued: 1, limit: RECOVER_LIMIT, more: false });
    expect(await failedCount()).toBe(0);
  });

  it('refuses bad input with 400 and changes nothing', async () => {
    await t.db.delete(webhookDeliveries);
    const since = t.clock.now().toISOString();
    await ok('POST', '/api/payments', orgadmin, customer, 201);
    await failEverything();
    expect(await failedCount()).toBe(1);
    for (const bad of [undefined, 'yesterday', '2026-13-45T00:00:00Z', 12, new Date(t.clock.now().getTime() + HOUR).toISOString()]) {
      const reply = await recover(bad);
      expect(reply.status, `${String(bad)}: ${reply.text}`).toBe(400);
    }
    expect((await api('POST', '/api/organisations/my-organisation/webhook-deliveries/recover', orgadmin, { since, extra: 1 })).status).toBe(
      400,
    );
    expect((await recover(since, otherOrgadmin)).json()).toEqual({ requeued: 0, limit: RECOVER_LIMIT, more: false });
    expect(await failedCount()).toBe(1);
  });
});
