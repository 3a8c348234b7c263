import { createHmac } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxBankConfig, sandboxEntry } from '../../server/db/provider-catalogue.ts';
import { organisations, paymentEvents, payments, sandboxTransactions, webhookDeliveries, webhookLogs } from '../../server/db/schema.ts';
import { queryRows } from '../../server/db/raw.ts';
import { reconcilePending } from '../../server/services/payments/reconcile.ts';
import { TEST_DATA_KEY, buildTestApp, createOrganisation, createUser, signIn, type TestApp } from '../helpers/app.ts';
import { freePort } from '../helpers/net.ts';

const SANDBOX_KEY = 'sk_sandbox_cancel_test';
let t: TestApp;
let publicUrl: string;
let orgId: number;
let userId: number;
let orgadmin: string;
let otherOrgadmin: string;
let superadmin: string;
let apiToken: string;

beforeAll(async () => {
  const port = await freePort();
  publicUrl = `http://127.0.0.1:${port}`;
  t = await buildTestApp({ publicUrl });
  await t.app.listen({ port, host: '127.0.0.1' });
  orgId = await createOrganisation(t.db, 'Cancel Co');
  userId = await createUser(t.db, { email: 'admin@cancel.test', orgId });
  await createUser(t.db, { email: 'other@cancel.test', orgId: await createOrganisation(t.db, 'Other Co') });
  await createUser(t.db, { email: 'root@cancel.test', role: 'superadmin' });
  orgadmin = await signIn(t.app, 'admin@cancel.test');
  otherOrgadmin = await signIn(t.app, 'other@cancel.test');
  superadmin = await signIn(t.app, 'root@cancel.test');
  apiToken = ((await (await api('GET', `/api/organisations/${orgId}`, superadmin)).json()) as { apiToken: string }).apiToken;
  // Outbound webhooks go to a callback URL (nothing delivers them here: the outbox rows are what is checked).
  await t.db.update(organisations).set({ callbackUrl: 'https://merchant.example/hooks' }).where(eq(organisations.id, orgId));
  const gateway = await api('POST', '/api/organisations/my-organisation/gateways', orgadmin, {
    name: 'Sandbox',
    provider: 'sandbox',
    secretKey: SANDBOX_KEY,
    webhookSecret: SANDBOX_KEY,
    config: sandboxEntry(publicUrl).sampleConfig,
  });
  expect(gateway.status).toBe(201);
  const bank = await api('POST', '/api/organisations/my-organisation/banks', orgadmin, {
    code: 'sbk',
    name: 'Sandbox Bank',
    apiConfig: sandboxBankConfig(publicUrl, 'sk_sandbox_bank_cancel'),
  });
  expect(bank.status).toBe(201);
});
afterAll(() => t.close());

function api(method: string, path: string, bearer: string | null, payload?: unknown) {
  return fetch(`${publicUrl}${path}`, {
    method,
    headers: {
      ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
      ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: payload === undefined ? undefined : JSON.stringify(payload),
  });
}

interface CreatedPayment {
  id: string;
  status: string;
  cancelledAt: string | null;
  needsRefund: boolean;
  receiptNumber: string | null;
  gatewayInit?: { checkoutUrl: string };
  bankCheckoutUrl?: string;
}

const order = { amount: '40.00', customerName: 'Esi', customerEmail: 'esi@example.com', description: 'Order 9' };

async function create(extra: Record<string, unknown> = {}): Promise<CreatedPayment> {
  const response = await api('POST', '/api/payments', orgadmin, { ...order, ...extra });
  expect(response.status).toBe(201);
  return (await response.json()) as CreatedPayment;
}

const cancel = (reference: string, bearer: string, payload: unknown = { reason: 'Customer changed their mind' }) =>
  api('POST', `/api/payments/${reference}/cancel`, bearer, payload);

async function paymentRow(reference: string) {
  const [row] = await t.db.select().from(payments).where(eq(payments.reference, reference));
  return row!;
}

async function historyOf(reference: string) {
  const row = await paymentRow(reference);
  return t.db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, row.id)).orderBy(paymentEvents.id);
}

/** The roll-up totals of the organisation per status: count and amount, summed over every shard and gateway. */
async function rollupsByStatus(): Promise<Record<string, { count: number; amount: number }>> {
  const result = await queryRows<{ status: string; count: string; amount: string }>(
    t.db,
    sql`select status, sum(payment_count)::text as count, sum(amount_minor)::text as amount
          from payment_rollup_totals where org_id = ${orgId} group by status`,
  );
  return Object.fromEntries(result.map((row) => [row.status, { count: Number(row.count), amount: Number(row.amount) }]));
}

/** The same recomputed from the payments themselves. */
async function recomputedByStatus(): Promise<Record<string, { count: number; amount: number }>> {
  const result = await queryRows<{ status: string; count: string; amount: string }>(
    t.db,
    sql`select status, count(*)::text as count, sum(amount_minor)::text as amount from payments where org_id = ${orgId} group by status`,
  );
  return Object.fromEntries(result.map((row) => [row.status, { count: Number(row.count), amount: Number(row.amount) }]));
}

const nonZero = (totals: Record<string, { count: number; amount: number }>) =>
  Object.fromEntries(Object.entries(totals).filter(([, value]) => value.count !== 0 || value.amount !== 0));

const sign = (raw: string) => createHmac('sha256', SANDBOX_KEY).update(raw).digest('hex');
const successCallback = (reference: string) => {
  const raw = JSON.stringify({ event: 'payment.completed', reference, status: 'success' });
  return fetch(`${publicUrl}/api/webhooks/psp/sandbox`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'X-Sandbox-Signature': sign(raw) },
    body: raw,
  });
};

describe('cancelling a payment', () => {
  it('cancels a Pending payment through the ledger: history by the user, roll-ups moved, payment.cancelled queued', async () => {
    const created = await create();
    const before = nonZero(await rollupsByStatus());
    const response = await cancel(created.id, orgadmin);
    expect(response.status).toBe(200);
    const cancelled = (await response.json()) as CreatedPayment;
    expect(cancelled).toMatchObject({ id: created.id, status: 'Cancelled', needsRefund: false, receiptNumber: null });
    expect(cancelled.cancelledAt).toBe(t.clock.now().toISOString());
    expect((await paymentRow(created.id)).cancelledAt?.toISOString()).toBe(t.clock.now().toISOString());

    const history = await historyOf(created.id);
    expect(history.map(({ fromStatus, toStatus, cause, actorUserId }) => ({ fromStatus, toStatus, cause, actorUserId }))).toEqual([
      { fromStatus: null, toStatus: 'Pending', cause: 'created', actorUserId: userId },
      { fromStatus: 'Pending', toStatus: 'Cancelled', cause: 'cancel', actorUserId: userId },
    ]);

    const after = nonZero(await rollupsByStatus());
    expect(after['Pending']?.count ?? 0).toBe((before['Pending']?.count ?? 0) - 1);
    expect(after['Cancelled']?.count ?? 0).toBe((before['Cancelled']?.count ?? 0) + 1);
    expect(after).toEqual(nonZero(await recomputedByStatus()));

    const row = await paymentRow(created.id);
    const events = await t.db
      .select()
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.paymentId, row.id), eq(webhookDeliveries.type, 'payment.cancelled')));
    expect(events).toHaveLength(1);
    const event = JSON.parse(events[0]!.body) as {
      type: string;
      data: { payment: { reference: string; status: string; cancelledAt: string } };
    };
    expect(event).toMatchObject({ type: 'payment.cancelled', data: { payment: { reference: created.id, status: 'Cancelled' } } });
    expect(event.data.payment.cancelledAt).toBe(cancelled.cancelledAt);
  });

  it('cancels with the API token (no actor) and without a reason', async () => {
    const created = await create();
    const response = await cancel(created.id, apiToken, {});
    expect(response.status).toBe(200);
    expect(((await response.json()) as CreatedPayment).status).toBe('Cancelled');
    expect((await historyOf(created.id)).at(-1)).toMatchObject({ cause: 'cancel', actorUserId: null });
  });

  it('refuses to cancel anything but a Pending payment (409) and changes nothing', async () => {
    const created = await create();
    expect((await cancel(created.id, orgadmin)).status).toBe(200);
    const historyBefore = await historyOf(created.id);
    const rollupsBefore = await rollupsByStatus();
    const again = await cancel(created.id, orgadmin);
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ message: 'Only a pending payment can be cancelled.' });
    expect(await historyOf(created.id)).toEqual(historyBefore);
    expect(await rollupsByStatus()).toEqual(rollupsBefore);

    const paid = await create();
    expect((await api('PATCH', `/api/payments/${paid.id}/mark-success`, orgadmin)).status).toBe(200);
    const refused = await cancel(paid.id, orgadmin);
    expect(refused.status).toBe(409);
    expect((await paymentRow(paid.id)).status).toBe('Success');
  });

  it('answers 404 for another organisation, 403 for a superadmin, 400 for a bad body, 401 without a caller', async () => {
    const created = await create();
    expect((await cancel(created.id, otherOrgadmin)).status).toBe(404);
    const readOnly = await cancel(created.id, superadmin);
    expect(readOnly.status).toBe(403);
    expect(((await readOnly.json()) as { message: string }).message).toContain('Superadmin: read-only');
    expect((await cancel(created.id, orgadmin, { reason: 'x'.repeat(501) })).status).toBe(400);
    expect((await cancel(created.id, orgadmin, { reason: 'ok', extra: true })).status).toBe(400);
    expect((await api('POST', `/api/payments/${created.id}/cancel`, null, {})).status).toBe(401);
    expect((await cancel('PAY-0000000000000000', orgadmin)).status).toBe(404);
    expect((await paymentRow(created.id)).status).toBe('Pending');
  });

  it('refuses to mark a Cancelled payment as paid (409)', async () => {
    const created = await create();
    expect((await cancel(created.id, orgadmin)).status).toBe(200);
    const response = await api('PATCH', `/api/payments/${created.id}/mark-success`, orgadmin);
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({ message: 'This payment was cancelled: it cannot be marked as paid.' });
    expect(await paymentRow(created.id)).toMatchObject({ status: 'Cancelled', receiptNumber: null, paidAt: null });
  });
});

describe('after a cancel', () => {
  it('closes the sandbox pay page: a clear page without buttons, and paying is refused', async () => {
    const created = await create({ processViaGateway: true });
    expect((await cancel(created.id, orgadmin)).status).toBe(200);
    const page = await fetch(created.gatewayInit!.checkoutUrl);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('The merchant cancelled this payment: it can no longer be paid.');
    expect(html).not.toContain('<form');
    const paid = await fetch(created.gatewayInit!.checkoutUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'outcome=success',
      redirect: 'manual',
    });
    expect(paid.status).toBe(409);
    expect((await paymentRow(created.id)).status).toBe('Cancelled');
  });

  it('closes the bank checkout page: it says so, lists no bank, and choosing one is refused', async () => {
    const created = await create({ processViaGateway: true, isBankPayment: true });
    expect((await cancel(created.id, orgadmin)).status).toBe(200);
    const page = await fetch(created.bankCheckoutUrl!);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('This payment was cancelled by Cancel Co: it can no longer be paid.');
    expect(html).not.toContain('name="bankCode"');
    const chosen = await api('POST', `/api/checkout/banks/${created.id}/select`, null, { bankCode: 'SBK' });
    expect(chosen.status).toBe(409);
    expect(((await chosen.json()) as { message: string }).message).toBe('This payment is already cancelled.');
  });

  it('records a later PSP success without flipping the status: flagged for refund, logged, no event, no roll-up move', async () => {
    const created = await create({ processViaGateway: true });
    expect((await cancel(created.id, orgadmin)).status).toBe(200);
    const rollupsBefore = await rollupsByStatus();
    const row = await paymentRow(created.id);
    const deliveriesBefore = await t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.paymentId, row.id));

    const response = await successCallback(created.id);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      status: 'accepted',
      message: 'Payment was cancelled: the success is recorded and the payment is flagged for refund.',
    });
    const flagged = await paymentRow(created.id);
    expect(flagged).toMatchObject({ status: 'Cancelled', needsRefund: true, receiptNumber: null, receiptToken: null });
    expect(flagged.paidAt?.toISOString()).toBe(t.clock.now().toISOString());
    expect((await historyOf(created.id)).at(-1)).toMatchObject({
      fromStatus: 'Cancelled',
      toStatus: 'Cancelled',
      cause: 'webhook-after-cancel',
      actorUserId: null,
    });
    const logs = await t.db.select().from(webhookLogs).where(eq(webhookLogs.paymentId, row.id));
    expect(logs.map((log) => log.status)).toEqual(['accepted']);
    expect(await rollupsByStatus()).toEqual(rollupsBefore);
    expect(await t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.paymentId, row.id))).toEqual(deliveriesBefore);
    const shown = (await (await api('GET', `/api/payments/${created.id}`, orgadmin)).json()) as CreatedPayment;
    expect(shown).toMatchObject({ status: 'Cancelled', needsRefund: true });

    // A replay is a duplicate: nothing more is recorded.
    const replay = await successCallback(created.id);
    expect(await replay.json()).toMatchObject({ status: 'duplicate', paymentStatus: 'Cancelled' });
    expect(await historyOf(created.id)).toHaveLength(3);
  });

  it('has the reconcile job flag a Cancelled payment the PSP says was paid, once', async () => {
    const created = await create({ processViaGateway: true });
    expect((await cancel(created.id, orgadmin)).status).toBe(200);
    // The payer paid at the sandbox anyway, and its webhook never arrived.
    await t.db.update(sandboxTransactions).set({ status: 'success' }).where(eq(sandboxTransactions.reference, created.id));
    t.clock.advance(31 * 60 * 1000);
    const reconcile = () =>
      reconcilePending({
        db: t.db,
        clock: t.clock,
        dataKey: TEST_DATA_KEY,
        targets: { allowPrivate: false, trustedOrigins: [publicUrl] },
        afterMs: 30 * 60 * 1000,
        maxAgeMs: 7 * 86_400_000,
        batchSize: 50,
      });
    expect(await reconcile()).toBeGreaterThanOrEqual(1);
    expect(await paymentRow(created.id)).toMatchObject({ status: 'Cancelled', needsRefund: true, receiptNumber: null });
    expect((await historyOf(created.id)).map((entry) => entry.cause)).toEqual(['created', 'cancel', 'reconcile-after-cancel']);
    await reconcile();
    expect(await historyOf(created.id)).toHaveLength(3);
  });
});
