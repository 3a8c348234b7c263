import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxEntry } from '../../server/db/provider-catalogue.ts';
import { payments, webhookLogs } from '../../server/db/schema.ts';
import { body, buildTestApp, createOrganisation, createUser, signIn, type TestApp } from '../helpers/app.ts';
import { freePort } from '../helpers/net.ts';

const SANDBOX_KEY = 'sk_sandbox_webhook_test';
let t: TestApp;
let publicUrl: string;
let token: string;

beforeAll(async () => {
  const port = await freePort();
  publicUrl = `http://127.0.0.1:${port}`;
  t = await buildTestApp({ publicUrl });
  await t.app.listen({ port, host: '127.0.0.1' });
  const orgId = await createOrganisation(t.db, 'Webhook Co');
  await createUser(t.db, { email: 'hooks@webhook.test', orgId });
  token = await signIn(t.app, 'hooks@webhook.test');
  const gateway = await api('POST', '/api/organisations/my-organisation/gateways', {
    name: 'Sandbox',
    provider: 'sandbox',
    secretKey: SANDBOX_KEY,
    webhookSecret: SANDBOX_KEY,
    config: sandboxEntry(publicUrl).sampleConfig,
  });
  expect(gateway.status).toBe(201);
});
afterAll(() => t.close());

async function api(method: string, path: string, payload?: unknown) {
  return fetch(`${publicUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
    body: payload === undefined ? undefined : JSON.stringify(payload),
  });
}
const order = { amount: '40.00', customerName: 'Esi', customerEmail: 'esi@example.com', description: 'Order 9', processViaGateway: true };
const sign = (raw: string, key = SANDBOX_KEY) => createHmac('sha256', key).update(raw).digest('hex');
const callback = (raw: string, signature?: string) =>
  fetch(`${publicUrl}/api/webhooks/psp/sandbox`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(signature ? { 'X-Sandbox-Signature': signature } : {}) },
    body: raw,
  });

describe('PSP callbacks through the Sandbox PSP', () => {
  it('runs create → checkout → Pay → signed webhook → Success with a receipt number', async () => {
    const created = (await (await api('POST', '/api/payments', order)).json()) as {
      id: string;
      gatewayInit: { ok: boolean; checkoutUrl: string };
    };
    expect(created.gatewayInit).toMatchObject({ ok: true, gateway: 'Sandbox', provider: 'sandbox' });
    const paid = await fetch(created.gatewayInit.checkoutUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'outcome=success',
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    const payment = (await (await api('GET', `/api/payments/${created.id}`)).json()) as {
      status: string;
      receiptNumber: string;
      attempts: { outcome: string }[];
    };
    expect(payment.status).toBe('Success');
    expect(payment.receiptNumber).toMatch(/^ORG\d+-1$/);
    expect(payment.attempts.map((attempt) => attempt.outcome)).toEqual(['ok']);
    const [log] = await t.db.select().from(webhookLogs).orderBy(webhookLogs.id);
    expect(log).toMatchObject({ provider: 'sandbox', status: 'accepted', signatureValid: true, httpStatus: 200, reference: created.id });
  });

  it('makes replays harmless and refuses forged, unsigned and unknown callbacks without changing anything', async () => {
    const created = (await (await api('POST', '/api/payments', order)).json()) as { id: string };
    const raw = JSON.stringify({ event: 'payment.completed', reference: created.id, status: 'success' });
    const forged = await callback(raw, sign(raw, 'sk_attacker'));
    expect(forged.status).toBe(401);
    expect(((await forged.json()) as { message: string }).message).toBe('Invalid signature.');
    expect((await callback(raw)).status).toBe(401);
    expect((await callback(JSON.stringify({ reference: 'PAY-0000000000000000', status: 'success' }), 'x')).status).toBe(404);
    expect((await callback('<not json>', 'x')).status).toBe(400);
    const [still] = await t.db.select().from(payments).where(eq(payments.reference, created.id));
    expect(still).toMatchObject({ status: 'Pending', receiptNumber: null });

    const first = await callback(raw, sign(raw));
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ received: true, status: 'accepted', paymentStatus: 'Success' });
    const replay = await callback(raw, sign(raw));
    expect(await replay.json()).toMatchObject({ status: 'duplicate', paymentStatus: 'Success' });
    const late = JSON.stringify({ reference: created.id, status: 'failed' });
    expect(await (await callback(late, sign(late))).json()).toMatchObject({ status: 'duplicate', paymentStatus: 'Success' });
    const [after] = await t.db.select().from(payments).where(eq(payments.reference, created.id));
    expect(after?.status).toBe('Success');
    const logs = await t.db.select().from(webhookLogs).where(eq(webhookLogs.reference, created.id));
    expect(logs.map((row) => row.status)).toEqual(['rejected', 'rejected', 'accepted', 'duplicate', 'duplicate']);
  });

  it('fails a payment the PSP reports failed, and a later success still counts', async () => {
    const created = (await (await api('POST', '/api/payments', order)).json()) as { id: string };
    const failed = JSON.stringify({ reference: created.id, status: 'failed' });
    expect(await (await callback(failed, sign(failed))).json()).toMatchObject({ status: 'accepted', paymentStatus: 'Failed' });
    const success = JSON.stringify({ reference: created.id, status: 'SUCCESS' });
    expect(await (await callback(success, sign(success))).json()).toMatchObject({ status: 'accepted', paymentStatus: 'Success' });
    expect(
      body<{ status: string }>(
        await t.app.inject({ method: 'GET', url: `/api/payments/${created.id}`, headers: { authorization: `Bearer ${token}` } }),
      ).status,
    ).toBe('Success');
  });
});
