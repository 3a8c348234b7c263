import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import { sandboxEntry } from '../../server/db/provider-catalogue.ts';
import { queryRows } from '../../server/db/raw.ts';
import { organisations, payments, refunds, webhookDeliveries } from '../../server/db/schema.ts';
import { workerJobs } from '../../server/services/worker/jobs.ts';
import { WakeUps } from '../../server/services/worker/wake-ups.ts';
import { body, buildListeningTestApp, createOrganisation, createUser, signIn, TEST_DATA_KEY, type TestApp } from '../helpers/app.ts';
import { apiCaller } from '../helpers/request.ts';
import { payOnSandbox, setUpSandboxMerchant, startSandboxPayment } from '../helpers/sandbox-merchant.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.ts';

// Gateway refunds the PSP left Pending, settled by the worker (docs/refunds.md#lifecycle).

const SANDBOX_KEY = 'sk_sandbox_pending_refunds';
const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

interface Refund {
  reference: string;
  amountMinor: number;
  status: string;
  providerReference: string | null;
  failureReason: string | null;
  creditNoteNumber: string | null;
}

let t: TestApp & { publicUrl: string };
let receiver: WebhookReceiver;
let orgId: number;
let orgCode: string;
let orgadmin: string;
let gatewayId: number;

const call = apiCaller(() => t.app);
/** One run of the worker's job, as the worker runs it (this server's origin first: the Sandbox's URLs are paths). */
async function runJob(): Promise<void> {
  const job = workerJobs({
    apiLogRetentionDays: 30,
    webhookLogRetentionDays: 30,
    reconcileAfterMinutes: 30,
    dataKey: TEST_DATA_KEY,
    targets: { allowPrivate: true, trustedOrigins: [t.publicUrl] },
  }).find((candidate) => candidate.name === 'settle-pending-refunds');
  expect(job).toBeDefined();
  await job!.run({ db: t.db, clock: t.clock, log: t.app.log, wakeUps: new WakeUps() });
}

/** A payment paid on the Sandbox PSP's pay page: Success, with the sandbox's reference. */
async function sandboxPayment(amount: string): Promise<string> {
  const { reference, checkoutUrl } = await startSandboxPayment(call, orgadmin, {
    amount,
    customerName: 'Kofi Mensah',
    customerEmail: 'kofi@example.com',
    description: 'Pending refund order',
  });
  await payOnSandbox(checkoutUrl);
  return reference;
}

/** A refund of the magic amount ending in .17: the Sandbox answers `pending`. */
async function pendingRefund(paymentReference: string, amount: string): Promise<Refund> {
  const created = await call('POST', `/api/payments/${paymentReference}/refunds`, orgadmin, { amount, reason: 'Slow PSP' });
  expect(created.statusCode, created.body).toBe(201);
  const refund = body<Refund>(created);
  expect(refund).toMatchObject({ status: 'Pending', creditNoteNumber: null });
  expect(refund.providerReference).toMatch(/^SBXR-/);
  return refund;
}

/** The payment's stored amounts, its refund, and the refund events queued for it. */
async function stored(paymentReference: string, refundReference: string) {
  const [payment] = await t.db.select().from(payments).where(eq(payments.reference, paymentReference));
  const [refund] = await t.db.select().from(refunds).where(eq(refunds.reference, refundReference));
  const events = await t.db
    .select({ type: webhookDeliveries.type })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.paymentId, payment!.id), sql`${webhookDeliveries.type} like 'refund.%'`));
  return {
    refunded: payment!.refundedMinor,
    pending: payment!.refundPendingMinor,
    refund: refund!,
    events: events.map((event) => event.type).sort(),
  };
}

/** The organisation's refunded amount in its roll-ups and on its payments: always equal. */
async function refundedSums() {
  const [sums] = await queryRows<{ rolled: number | null; paid: number | null }>(
    t.db,
    sql`select (select sum(refunded_minor) from payment_rollup_totals where org_id = ${orgId}) as rolled,
               (select sum(refunded_minor) from payments where org_id = ${orgId}) as paid`,
  );
  return { rolled: Number(sums?.rolled ?? 0), paid: Number(sums?.paid ?? 0) };
}

beforeAll(async () => {
  t = await buildListeningTestApp({ allowPrivateTargets: true, publicRateLimitPerMinute: 1000 });
  receiver = await startWebhookReceiver();
  orgId = await createOrganisation(t.db, 'Pending Refunds Co');
  const [organisation] = await t.db.select({ code: organisations.code }).from(organisations).where(eq(organisations.id, orgId));
  orgCode = organisation!.code;
  await createUser(t.db, { email: 'desk@pending-refunds.test', orgId });
  orgadmin = await signIn(t.app, 'desk@pending-refunds.test');
  gatewayId = await setUpSandboxMerchant(call, t, orgadmin, {
    sandboxKey: SANDBOX_KEY,
    callbackUrl: receiver.url(),
    webhookSecret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
  });
});
afterAll(async () => {
  await receiver.close();
  await t.close();
});

describe('the settle-pending-refunds job', () => {
  it('settles a refund the PSP left Pending to Succeeded through the refund verify, once', async () => {
    const paymentReference = await sandboxPayment('20.00');
    const refund = await pendingRefund(paymentReference, '5.17');
    expect(await stored(paymentReference, refund.reference)).toMatchObject({ refunded: 0, pending: 517, events: ['refund.created'] });

    // Younger than a minute: left to the PSP.
    await runJob();
    expect((await stored(paymentReference, refund.reference)).refund.status).toBe('Pending');

    t.clock.advance(2 * MINUTE);
    await runJob();
    const settled = await stored(paymentReference, refund.reference);
    expect(settled).toMatchObject({ refunded: 517, pending: 0, events: ['refund.created', 'refund.succeeded'] });
    expect(settled.refund).toMatchObject({
      status: 'Succeeded',
      providerReference: refund.providerReference,
      creditNoteNumber: `CN-${orgCode}-000001`,
      failureReason: null,
    });
    expect(settled.refund.documentToken).toMatch(/^[\w-]{32}$/);
    expect(await refundedSums()).toEqual({ rolled: 517, paid: 517 });
    // The worker's settling is in the audit trail, once.
    const settles = () =>
      queryRows<{ actor_kind: string; changes: unknown }>(
        t.db,
        sql`select actor_kind, changes from audit_events where action = 'refund.settle' and target_id = ${refund.reference}`,
      );
    expect(await settles()).toEqual([{ actor_kind: 'worker', changes: { status: { before: 'Pending', after: 'Succeeded' } } }]);

    // Running it again changes nothing more.
    t.clock.advance(2 * MINUTE);
    await runJob();
    expect(await stored(paymentReference, refund.reference)).toEqual(settled);
    expect(await refundedSums()).toEqual({ rolled: 517, paid: 517 });
    expect(await settles()).toHaveLength(1);
  });

  it('fails a refund with no refund verify after REFUND_PENDING_MAX_HOURS and gives its reservation back, once', async () => {
    const config = structuredClone(sandboxEntry(t.publicUrl).sampleConfig);
    delete config.refund!.verify;
    const edited = await call('PATCH', `/api/organisations/my-organisation/gateways/${gatewayId}`, orgadmin, { config });
    expect(edited.statusCode, edited.body).toBe(200);
    const before = await refundedSums();
    const paymentReference = await sandboxPayment('10.00');
    const refund = await pendingRefund(paymentReference, '3.17');

    // Without a verify nothing can be asked: it waits for the limit, its amount still reserved.
    t.clock.advance(71 * HOUR);
    await runJob();
    expect(await stored(paymentReference, refund.reference)).toMatchObject({
      pending: 317,
      refund: { status: 'Pending' },
      events: ['refund.created'],
    });

    t.clock.advance(HOUR + MINUTE);
    await runJob();
    const failed = await stored(paymentReference, refund.reference);
    expect(failed).toMatchObject({ refunded: 0, pending: 0, events: ['refund.created', 'refund.failed'] });
    expect(failed.refund).toMatchObject({
      status: 'Failed',
      failureReason: 'No answer from the gateway within 72 h: check the PSP dashboard',
      creditNoteNumber: null,
      documentToken: null,
    });
    expect(await refundedSums()).toEqual(before);

    t.clock.advance(HOUR);
    await runJob();
    expect(await stored(paymentReference, refund.reference)).toEqual(failed);

    // The whole amount is refundable again (signed in anew: the session ended while the clock moved on).
    orgadmin = await signIn(t.app, 'desk@pending-refunds.test');
    const whole = await call('POST', `/api/payments/${paymentReference}/refunds`, orgadmin, { amount: '10.00', reason: 'All of it' });
    expect(body<Refund>(whole)).toMatchObject({ status: 'Succeeded', amountMinor: 1000 });
  });

  it('leaves a refund Pending while its verify gives no final answer, past the limit too', async () => {
    orgadmin = await signIn(t.app, 'desk@pending-refunds.test');
    const config = structuredClone(sandboxEntry(t.publicUrl).sampleConfig);
    // A lookup the Sandbox refuses (400): inconclusive, as a 5xx, a timeout or an unmapped status would be.
    config.refund!.verify!.url = '/transactions/{payment.providerReference}/refunds/unknown-{refund.providerReference}';
    const edited = await call('PATCH', `/api/organisations/my-organisation/gateways/${gatewayId}`, orgadmin, { config });
    expect(edited.statusCode, edited.body).toBe(200);
    const paymentReference = await sandboxPayment('10.00');
    const refund = await pendingRefund(paymentReference, '2.17');

    t.clock.advance(73 * HOUR);
    await runJob();
    const after = await stored(paymentReference, refund.reference);
    expect(after).toMatchObject({
      refunded: 0,
      pending: 217,
      refund: { status: 'Pending', failureReason: null },
      events: ['refund.created'],
    });
    // Looked at: the next round takes the refunds unchecked longest first.
    expect(after.refund.updatedAt.getTime()).toBe(t.clock.now().getTime());
  });

  it('fails after the limit a refund whose verify needs the PSP refund id it never got', async () => {
    orgadmin = await signIn(t.app, 'desk@pending-refunds.test');
    const config = sandboxEntry(t.publicUrl).sampleConfig;
    const edited = await call('PATCH', `/api/organisations/my-organisation/gateways/${gatewayId}`, orgadmin, { config });
    expect(edited.statusCode, edited.body).toBe(200);
    const paymentReference = await sandboxPayment('10.00');
    const refund = await pendingRefund(paymentReference, '4.17');
    // As after a refund call that timed out: the PSP never said what it calls the refund.
    await t.db.update(refunds).set({ providerReference: null }).where(eq(refunds.reference, refund.reference));

    t.clock.advance(2 * MINUTE);
    await runJob();
    expect((await stored(paymentReference, refund.reference)).refund.status).toBe('Pending');
    t.clock.advance(72 * HOUR);
    await runJob();
    expect(await stored(paymentReference, refund.reference)).toMatchObject({
      pending: 0,
      refund: { status: 'Failed', failureReason: 'No answer from the gateway within 72 h: check the PSP dashboard' },
      events: ['refund.created', 'refund.failed'],
    });
  });

  it('reads REFUND_PENDING_MAX_HOURS (default 72)', () => {
    expect(loadConfig({}).refundPendingMaxHours).toBe(72);
    expect(loadConfig({ REFUND_PENDING_MAX_HOURS: '24' }).refundPendingMaxHours).toBe(24);
    expect(() => loadConfig({ REFUND_PENDING_MAX_HOURS: '0' })).toThrow(/REFUND_PENDING_MAX_HOURS/);
  });
});
