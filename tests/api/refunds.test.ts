import { eq, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../server/db/raw.ts';
import { organisations, payments, refunds } from '../../server/db/schema.ts';
import { SANDBOX_REFUND_DECLINED } from '../../server/services/sandbox-psp/sandbox-service.ts';
import { refundStateOf } from '../../isomorphic/refund-state.ts';
import { sign } from '../../isomorphic/signing.ts';
import { body, buildListeningTestApp, createOrganisation, createUser, signIn, type TestApp } from '../helpers/app.ts';
import { apiCaller } from '../helpers/request.ts';
import { deliverWebhooksNow, payOnSandbox, setUpSandboxMerchant, startSandboxPayment } from '../helpers/sandbox-merchant.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.ts';
import type { Payment } from '../../src/lib/api/payments.ts';
import type { Refund } from '../../src/lib/api/refunds.ts';

const SANDBOX_KEY = 'sk_sandbox_refunds_test';
const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

let t: TestApp & { publicUrl: string };
let receiver: WebhookReceiver;
let orgId: number;
let orgCode: string;
let orgadmin: string;
let otherOrgadmin: string;
let admin: string;
let apiToken: string;

const call = apiCaller(() => t.app);
const refund = (reference: string, payload: unknown, token = orgadmin, headers: Record<string, string> = {}) =>
  call('POST', `/api/payments/${reference}/refunds`, token, payload, headers);
const paymentOf = async (reference: string) => body<Payment>(await call('GET', `/api/payments/${reference}`, orgadmin));
const deliver = () => deliverWebhooksNow(t);

/** The payment's row as stored: what a refused request must leave as it was. */
async function storedState(reference: string) {
  const [payment] = await t.db.select().from(payments).where(eq(payments.reference, reference));
  const rows = await t.db.select().from(refunds).where(eq(refunds.paymentId, payment!.id));
  return { refunded: payment!.refundedMinor, pending: payment!.refundPendingMinor, status: payment!.status, refunds: rows.length };
}

/** A payment paid on the Sandbox PSP's pay page (init → Pay → signed callback): Success, with the sandbox's reference. */
async function sandboxPayment(amount: string): Promise<string> {
  const { reference, checkoutUrl } = await startSandboxPayment(call, orgadmin, {
    amount,
    customerName: 'Abena Owusu',
    customerEmail: 'abena@example.com',
    description: 'Refund test order',
  });
  await payOnSandbox(checkoutUrl);
  expect((await paymentOf(reference)).status).toBe('Success');
  return reference;
}

/** A payment marked as paid in the console: no gateway, so its refunds are recorded as made outside Payrail. */
async function recordedPayment(amount: string): Promise<string> {
  const created = await call('POST', '/api/payments', orgadmin, {
    amount,
    customerName: 'Yaw Asante',
    customerEmail: 'yaw@example.com',
    description: 'Counter sale',
  });
  const { reference } = body<{ reference: string }>(created);
  expect((await call('PATCH', `/api/payments/${reference}/mark-success`, orgadmin)).statusCode).toBe(200);
  return reference;
}

/** The refund events the merchant's endpoint received, each verified with the organisation's webhook secret. */
function verifiedEvents() {
  const events = receiver.received.map(
    (request) =>
      new Webhook(SECRET).verify(request.body, request.headers as Record<string, string>) as {
        type: string;
        data: { refund?: Refund; payment: Payment };
      },
  );
  return events.filter((event) => event.type.startsWith('refund.'));
}

beforeAll(async () => {
  t = await buildListeningTestApp({ allowPrivateTargets: true, publicRateLimitPerMinute: 1000 });
  // Standard Webhooks signatures are checked against the real time.
  t.clock.advance(Date.now() - t.clock.now().getTime());
  receiver = await startWebhookReceiver();
  orgId = await createOrganisation(t.db, 'Refunds Co');
  const otherOrgId = await createOrganisation(t.db, 'Elsewhere Co');
  const [organisation] = await t.db.select({ code: organisations.code }).from(organisations).where(eq(organisations.id, orgId));
  orgCode = organisation!.code;
  await createUser(t.db, { email: 'desk@refunds.test', orgId, name: 'Efua Desk' });
  await createUser(t.db, { email: 'desk@elsewhere.test', orgId: otherOrgId });
  await createUser(t.db, { email: 'root@refunds.test', role: 'superadmin' });
  [orgadmin, otherOrgadmin, admin] = await Promise.all([
    signIn(t.app, 'desk@refunds.test'),
    signIn(t.app, 'desk@elsewhere.test'),
    signIn(t.app, 'root@refunds.test'),
  ]);
  apiToken = body<{ apiToken: string }>(await call('GET', `/api/organisations/${orgId}`, admin)).apiToken;
  await setUpSandboxMerchant(call, t, orgadmin, { sandboxKey: SANDBOX_KEY, callbackUrl: receiver.url(), webhookSecret: SECRET });
});
afterAll(async () => {
  await receiver.close();
  await t.close();
});
beforeEach(async () => {
  await deliver();
  receiver.reset();
});

describe('refunds through the Sandbox gateway', () => {
  it('takes a payment through Success → partial → second partial → fully refunded, with credit notes and signed events', async () => {
    const reference = await sandboxPayment('100.00');
    await deliver();
    receiver.reset();

    const first = await refund(reference, { amount: '30.00', reason: 'Damaged item' });
    expect(first.statusCode, first.body).toBe(201);
    expect(body<Refund>(first)).toMatchObject({
      paymentReference: reference,
      amount: '30.00',
      amountMinor: 3000,
      status: 'Succeeded',
      method: 'gateway',
      reason: 'Damaged item',
      requestedBy: 'Efua Desk',
      creditNoteNumber: `CN-${orgCode}-000001`,
      failureReason: null,
    });
    expect(body<Refund>(first).reference).toMatch(/^RF-[0-9A-HJKMNP-TV-Z]{16}$/);
    expect(body<Refund>(first).providerReference).toMatch(/^SBXR-/);
    let payment = await paymentOf(reference);
    expect(payment).toMatchObject({ status: 'Success', refundedAmount: '30.00', refundedAmountMinor: 3000 });
    expect(refundStateOf(payment)).toBe('Partially refunded');

    const second = await refund(reference, { amount: 50, reason: 'Late delivery' });
    expect(body<Refund>(second)).toMatchObject({ amount: '50.00', status: 'Succeeded', creditNoteNumber: `CN-${orgCode}-000002` });
    // No amount: everything still refundable.
    const rest = await refund(reference, { reason: 'Order cancelled' });
    expect(body<Refund>(rest)).toMatchObject({ amount: '20.00', status: 'Succeeded', creditNoteNumber: `CN-${orgCode}-000003` });
    payment = await paymentOf(reference);
    expect(payment).toMatchObject({ refundedAmount: '100.00', refundedAmountMinor: 10000 });
    expect(refundStateOf(payment)).toBe('Refunded');
    const after = await refund(reference, { amount: '0.01', reason: 'One more' });
    expect(after.statusCode).toBe(409);
    expect(body(after)).toMatchObject({ message: 'Nothing is left to refund on this payment.' });

    const list = body<{ items: Refund[] }>(await call('GET', `/api/payments/${reference}/refunds`, orgadmin));
    expect(list.items.map((item) => item.amount)).toEqual(['20.00', '50.00', '30.00']);
    expect((await call('GET', `/api/payments/${reference}/refunds`, admin)).statusCode).toBe(200);
    expect((await call('GET', `/api/payments/${reference}/refunds`, otherOrgadmin)).statusCode).toBe(404);
    const link = await call('GET', `/api/refunds/${list.items[2]!.reference}/credit-note`, apiToken);
    expect(body<{ url: string }>(link).url).toMatch(new RegExp(`^${t.publicUrl}/credit-notes/[\\w-]{32}$`));
    expect((await call('GET', `/api/refunds/${list.items[2]!.reference}/credit-note`, otherOrgadmin)).statusCode).toBe(404);

    // The refund calls are logged with the payment's gateway attempts.
    const detail = body<{ attempts: { gateway: string; outcome: string }[] }>(await call('GET', `/api/payments/${reference}`, orgadmin));
    expect(detail.attempts.filter((attempt) => attempt.gateway.startsWith('Sandbox (refund RF-'))).toHaveLength(3);

    expect(await deliver()).toBe(6);
    const events = verifiedEvents();
    expect(events.map((event) => event.type).sort()).toEqual([
      'refund.created',
      'refund.created',
      'refund.created',
      'refund.succeeded',
      'refund.succeeded',
      'refund.succeeded',
    ]);
    const succeeded = events.filter((event) => event.type === 'refund.succeeded').map((event) => event.data.payment.refundedAmount);
    expect(succeeded.sort()).toEqual(['100.00', '30.00', '80.00']);
    const created = events.find((event) => event.type === 'refund.created' && event.data.refund?.amount === '50.00');
    expect(created?.data).toMatchObject({ refund: { status: 'Pending', method: 'gateway' }, payment: { refundedAmount: '30.00' } });

    // The roll-ups took the refunded amount in the refunds' transactions.
    const [sums] = await queryRows<{ rolled: number; paid: number }>(
      t.db,
      sql`select (select sum(refunded_minor) from payment_rollup_totals where org_id = ${orgId}) as rolled,
                 (select sum(refunded_minor) from payments where org_id = ${orgId}) as paid`,
    );
    expect(Number(sums?.rolled)).toBe(Number(sums?.paid));
    expect(Number(sums?.paid)).toBeGreaterThanOrEqual(10000);
  });

  it('fails a refund on the magic amount ending in .13 and gives its reservation back', async () => {
    const reference = await sandboxPayment('10.00');
    receiver.reset();
    const declined = await refund(reference, { amount: '5.13', reason: 'Try the failure path' });
    expect(declined.statusCode).toBe(201);
    expect(body<Refund>(declined)).toMatchObject({ status: 'Failed', failureReason: SANDBOX_REFUND_DECLINED, creditNoteNumber: null });
    expect(await storedState(reference)).toMatchObject({ refunded: 0, pending: 0 });
    const link = await call('GET', `/api/refunds/${body<Refund>(declined).reference}/credit-note`, orgadmin);
    expect(link.statusCode).toBe(400);

    const whole = await refund(reference, { amount: '10.00', reason: 'Refund it all' });
    expect(body<Refund>(whole)).toMatchObject({ status: 'Succeeded', amountMinor: 1000 });
    await deliver();
    expect(
      verifiedEvents()
        .map((event) => event.type)
        .sort(),
    ).toEqual(['refund.created', 'refund.created', 'refund.failed', 'refund.succeeded']);
  });
});

describe('refunds recorded outside Payrail', () => {
  it('records a refund of a payment without a refund-capable gateway as Succeeded at once; the API token leaves no user', async () => {
    const reference = await recordedPayment('12.50');
    const byToken = await refund(reference, { amount: '4.00', reason: 'Paid back in cash' }, apiToken);
    expect(byToken.statusCode, byToken.body).toBe(201);
    expect(body<Refund>(byToken)).toMatchObject({ status: 'Succeeded', method: 'external', requestedBy: null, providerReference: null });
    expect(body<Refund>(byToken).creditNoteNumber).toMatch(new RegExp(`^CN-${orgCode}-\\d{6}$`));
    expect(body<Refund>(byToken).completedAt).not.toBeNull();
    expect(await paymentOf(reference)).toMatchObject({ refundedAmount: '4.00' });
    await deliver();
    // Deliveries go out side by side: the arrival order is not the queue's.
    expect(
      verifiedEvents()
        .map((event) => event.type)
        .sort(),
    ).toEqual(['refund.created', 'refund.succeeded']);
  });

  it('replays the first answer for the same Idempotency-Key and refuses the key with another request', async () => {
    const reference = await recordedPayment('20.00');
    const headers = { 'idempotency-key': 'refund-order-77' };
    const first = await refund(reference, { amount: '5.00', reason: 'Duplicate charge' }, orgadmin, headers);
    const again = await refund(reference, { amount: '5.00', reason: 'Duplicate charge' }, orgadmin, headers);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(body<Refund>(again).reference).toBe(body<Refund>(first).reference);
    expect(await storedState(reference)).toMatchObject({ refunded: 500, refunds: 1 });
    const other = await refund(reference, { amount: '6.00', reason: 'Duplicate charge' }, orgadmin, headers);
    expect(other.statusCode).toBe(422);
    // Concurrent requests with one key make one refund.
    const racing = await Promise.all(
      Array.from({ length: 8 }, () => refund(reference, { amount: '1.00', reason: 'Race' }, orgadmin, { 'idempotency-key': 'race-1' })),
    );
    expect(new Set(racing.map((reply) => body<Refund>(reply).reference)).size).toBe(1);
    expect(await storedState(reference)).toMatchObject({ refunded: 600, refunds: 2 });
  });

  it('refuses bad requests with 4xx and changes nothing', async () => {
    const reference = await recordedPayment('12.50');
    const before = await storedState(reference);
    const refused = async (payload: unknown, status: number, token = orgadmin, message?: string) => {
      const reply = await refund(reference, payload, token);
      expect(reply.statusCode, JSON.stringify(payload)).toBe(status);
      if (message) expect(reply.body).toContain(message);
    };
    await refused({ amount: '12.51', reason: 'Too much' }, 409, orgadmin, 'The amount is more than the 12.50 GHS still refundable.');
    for (const amount of ['0', '-1', '1.234', 'abc', '', 0]) await refused({ amount, reason: 'Bad amount' }, 400);
    await refused({ amount: '1.00' }, 400);
    await refused({ amount: '1.00', reason: '   ' }, 400);
    await refused({ amount: '1.00', reason: 'x', extra: true }, 400);
    await refused({ amount: '1.00', reason: 'Superadmin' }, 403, admin);
    await refused({ amount: '1.00', reason: 'Other organisation' }, 404, otherOrgadmin);
    expect((await call('POST', '/api/payments/PAY-0000000000000000/refunds', orgadmin, { reason: 'x' })).statusCode).toBe(404);
    expect(await storedState(reference)).toEqual(before);

    const pending = body<{ reference: string }>(
      await call('POST', '/api/payments', orgadmin, {
        amount: '3.00',
        customerName: 'P',
        customerEmail: 'p@example.com',
        description: 'x',
      }),
    ).reference;
    const notPaid = await refund(pending, { reason: 'Not paid yet' });
    expect(notPaid.statusCode).toBe(409);
    expect(body(notPaid)).toMatchObject({ message: 'Only a successful payment can be refunded.' });
    expect(await storedState(pending)).toMatchObject({ refunded: 0, pending: 0, refunds: 0 });
  });

  it('never refunds more than was paid under 50 concurrent partial refunds', async () => {
    const reference = await recordedPayment('50.00');
    const replies = await Promise.all(
      Array.from({ length: 50 }, (_, index) => refund(reference, { amount: '1.50', reason: `Concurrent ${index}` })),
    );
    const statuses = replies.map((reply) => reply.statusCode);
    // 33 × 1.50 = 49.50; a 34th would pass 50.00.
    expect(statuses.filter((status) => status === 201)).toHaveLength(33);
    expect(statuses.filter((status) => status === 409)).toHaveLength(17);
    const state = await storedState(reference);
    expect(state).toMatchObject({ refunded: 4950, pending: 0, refunds: 33 });
    const numbers = replies.filter((reply) => reply.statusCode === 201).map((reply) => body<Refund>(reply).creditNoteNumber);
    expect(new Set(numbers).size).toBe(33);
  });
});

describe("a PSP's callback about a refund (refund.webhook)", () => {
  /** POSTs a Sandbox refund callback, signed with `key` (the merchant's webhook secret) unless told otherwise. */
  const callback = async (payload: Record<string, unknown>, key: string | null = SANDBOX_KEY) => {
    const raw = JSON.stringify(payload);
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (key !== null) headers['x-sandbox-signature'] = await sign('sha256', key, raw);
    return t.app.inject({ method: 'POST', url: '/api/webhooks/psp/sandbox', headers, payload: raw });
  };
  const pendingRefund = async () => {
    const reference = await sandboxPayment('10.00');
    // .17: the Sandbox answers pending and sends nothing later (its verify would settle it).
    const made = body<Refund>(await refund(reference, { amount: '4.17', reason: 'Awaiting the PSP' }));
    expect(made.status).toBe('Pending');
    return { reference, made };
  };

  it('refuses a forged, unsigned or unknown callback and changes nothing', async () => {
    const { reference, made } = await pendingRefund();
    const about = { event: 'refund.succeeded', reference: made.reference, refundReference: made.providerReference, status: 'succeeded' };
    const before = await storedState(reference);
    const forged = await callback(about, 'sk_not_the_merchants');
    expect(forged.statusCode).toBe(401);
    expect(body(forged)).toMatchObject({ message: 'Invalid signature.' });
    expect((await callback(about, null)).statusCode).toBe(401);
    const unknown = await callback({ ...about, reference: 'RF-0000000000000000' });
    expect(unknown.statusCode).toBe(404);
    expect(body(unknown)).toMatchObject({ message: 'Unknown refund reference RF-0000000000000000.' });
    expect(await storedState(reference)).toEqual(before);
    expect(before).toMatchObject({ refunded: 0, pending: 417 });
    // A payment's callback is still a payment's: the refund events list does not swallow it.
    const paymentCallback = await callback({ event: 'payment.completed', reference, status: 'success' });
    expect(body(paymentCallback)).toMatchObject({ status: 'duplicate', paymentStatus: 'Success' });
  });

  it('settles a Pending refund by a signed callback once: failed gives the reservation back, a replay changes nothing', async () => {
    const { reference, made } = await pendingRefund();
    await deliver();
    receiver.reset();
    const failed = { event: 'refund.failed', reference: made.reference, status: 'failed', message: 'Card account closed' };
    const answer = await callback(failed);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(body(answer)).toMatchObject({ status: 'accepted', message: `Refund ${made.reference} is now Failed.` });
    const list = body<{ items: Refund[] }>(await call('GET', `/api/payments/${reference}/refunds`, orgadmin));
    expect(list.items[0]).toMatchObject({ status: 'Failed', failureReason: 'Card account closed', creditNoteNumber: null });
    expect(await storedState(reference)).toMatchObject({ refunded: 0, pending: 0 });
    const replay = await callback({ ...failed, event: 'refund.succeeded', status: 'succeeded' });
    expect(body(replay)).toMatchObject({ status: 'duplicate', message: 'No change: refund is Failed.' });
    expect(await storedState(reference)).toMatchObject({ refunded: 0, pending: 0 });
    await deliver();
    expect(verifiedEvents().map((event) => event.type)).toEqual(['refund.failed']);
    const audit = body<{ items: { action: string; targetId: string; actor: { kind: string } }[] }>(
      await call('GET', '/api/audit-events?action=refund.settle', orgadmin),
    );
    expect(audit.items.find((entry) => entry.targetId === made.reference)).toBeDefined();
  });
});
