import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../server/clock.ts';
import { CATALOGUE, sandboxEntry } from '../../server/db/provider-catalogue.ts';
import { organisations } from '../../server/db/schema.ts';
import { callInit, callRefund, callRefundVerify, callVerify } from '../../server/services/adapter/http-adapter.ts';
import { SANDBOX_REFUND_DECLINED } from '../../server/services/sandbox-psp/sandbox-service.ts';
import { readInboundWebhook, verifyInboundSignature } from '../../server/services/adapter/inbound-webhook.ts';
import type { GatewayConfig } from '../../isomorphic/gateway-config/index.ts';
import { body, buildTestApp, createOrganisation, createUser, signIn, type TestApp } from '../helpers/app.ts';
import { freePort } from '../helpers/net.ts';
import { apiCaller } from '../helpers/request.ts';

let t: TestApp;
let publicUrl: string;
let receiver: Server;
let receiverUrl: string;
let orgId: number;
let orgadmin: string;
const received: { headers: IncomingHttpHeaders; body: string }[] = [];
let config: GatewayConfig;
const MERCHANT_RETURN = 'https://merchant.test/return';
const credentials = { publicKey: '', secretKey: 'sk_sandbox_demo' };
const otherMerchant = { publicKey: '', secretKey: 'sk_sandbox_other_merchant' };

beforeAll(async () => {
  const port = await freePort();
  publicUrl = `http://127.0.0.1:${port}`;
  t = await buildTestApp({ publicUrl, allowPrivateTargets: true });
  await t.app.listen({ port, host: '127.0.0.1' });
  receiver = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    request.on('end', () => {
      received.push({ headers: request.headers, body: text });
      response.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks`;
  config = sandboxEntry(publicUrl).sampleConfig;

  // The merchant: an organisation whose registered callback URL is where its payers return, with sandbox gateways.
  orgId = await createOrganisation(t.db, 'Sandbox Merchant');
  await t.db
    .update(organisations)
    .set({ callbackUrl: `${MERCHANT_RETURN}/hook` })
    .where(eq(organisations.id, orgId));
  await createUser(t.db, { email: 'desk@sandbox.test', orgId });
  orgadmin = await signIn(t.app, 'desk@sandbox.test');
  for (const [name, key] of [
    ['Sandbox', credentials.secretKey],
    ['Sandbox (second merchant key)', otherMerchant.secretKey],
  ]) {
    const gateway = await call('POST', '/api/organisations/my-organisation/gateways', orgadmin, {
      name,
      provider: 'sandbox',
      secretKey: key,
      config,
    });
    expect(gateway.statusCode).toBe(201);
  }
  // A gateway of another PSP: its key is no sandbox key.
  const paystack = CATALOGUE.find((entry) => entry.name === 'paystack')?.sampleConfig;
  await call('POST', '/api/organisations/my-organisation/gateways', orgadmin, {
    name: 'Paystack',
    provider: 'paystack',
    secretKey: 'sk_live_paystack_merchant',
    config: paystack,
  });
});
afterAll(async () => {
  await new Promise((resolve) => receiver.close(resolve));
  await t.close();
});

const call = apiCaller(() => t.app);

/** A Pending payment of the merchant (not started anywhere), whose reference the sandbox transactions use. */
async function merchantPayment(): Promise<string> {
  const created = await call('POST', '/api/payments', orgadmin, {
    amount: '25.00',
    customerName: 'Kofi',
    customerEmail: 'kofi@example.com',
    description: 'Order',
  });
  expect(created.statusCode).toBe(201);
  return body<{ reference: string }>(created).reference;
}

const options = () => ({ policy: { allowPrivate: false, trustedOrigins: [new URL(publicUrl).origin] }, clock: systemClock });
const values = (reference: string, callbackUrl = MERCHANT_RETURN) => ({
  amount: '25.00',
  amountMinor: 2500,
  currency: 'GHS',
  reference,
  callbackUrl,
  notificationUrl: receiverUrl,
  customer: { email: 'kofi@example.com', name: 'Kofi', phone: null },
  meta: {},
});
const pay = (checkoutUrl: string | undefined, outcome: 'success' | 'failed') =>
  fetch(checkoutUrl ?? '', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `outcome=${outcome}`,
    redirect: 'manual',
  });
const startWith = (authorization: string | null, payload: Record<string, unknown>) =>
  fetch(`${publicUrl}/api/sandbox-psp/transactions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
    body: JSON.stringify(payload),
  });

describe('the Sandbox PSP through the generic adapter', () => {
  it('runs init → pay page → Pay → signed webhook → verify, with no outside network', async () => {
    const reference = await merchantPayment();
    const init = await callInit(config, values(reference), credentials, options());
    expect(init).toMatchObject({ outcome: 'ok', httpStatus: 201 });
    expect(init.providerReference).toMatch(/^SBX-[0-9A-F]{12}$/);
    expect(init.checkoutUrl).toBe(`${publicUrl}/api/sandbox-psp/pay/${init.providerReference}`);

    const page = await fetch(init.checkoutUrl ?? '');
    const html = await page.text();
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(html).toContain('25.00 GHS');
    expect(html).toContain(reference);
    expect(html).toMatch(/<button class="pay" type="submit" name="outcome" value="success">Pay<\/button>/);

    const paid = await pay(init.checkoutUrl, 'success');
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`${MERCHANT_RETURN}?reference=${reference}&status=success`);

    const webhook = received.at(-1);
    expect(webhook).toBeDefined();
    const headers = webhook?.headers ?? {};
    expect(await verifyInboundSignature(config, 'sha256', credentials.secretKey, webhook?.body ?? '', headers, null)).toBe(true);
    expect(await verifyInboundSignature(config, 'sha256', 'sk_wrong', webhook?.body ?? '', headers, null)).toBe(false);
    expect(readInboundWebhook(config, webhook?.body ?? '')).toEqual({
      reference,
      providerReference: init.providerReference,
      status: 'success',
      mappedStatus: 'success',
    });

    const verify = await callVerify(config, values(reference), credentials, options());
    expect(verify).toMatchObject({ outcome: 'ok', status: 'success', mappedStatus: 'success', providerReference: init.providerReference });
  });

  it('settles once: paying again is refused and the status stays', async () => {
    const reference = await merchantPayment();
    const init = await callInit(config, values(reference), credentials, options());
    expect((await pay(init.checkoutUrl, 'failed')).status).toBe(303);
    expect((await pay(init.checkoutUrl, 'success')).status).toBe(409);
    expect((await callVerify(config, values(reference), credentials, options())).mappedStatus).toBe('failed');
  });

  it('escapes what it shows and hides transactions from other merchant keys', async () => {
    const init = await callInit(config, values('<script>alert(1)</script>', `${publicUrl}/done`), credentials, options());
    expect(init.outcome).toBe('ok');
    const html = await (await fetch(init.checkoutUrl ?? '')).text();
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('&#60;script&#62;');
    const other = await callVerify(config, values('<script>alert(1)</script>'), otherMerchant, options());
    expect(other).toMatchObject({ outcome: 'psp_error', httpStatus: 404 });
  });
});

describe('Sandbox PSP refunds', () => {
  const refundValues = (reference: string, providerReference: string, amountMinor: number) => ({
    ...values(reference),
    refund: { amount: '', amountMinor, currency: 'GHS', reference: 'RF-01JD5Q8Z7X9K3M2N', reason: 'Test' },
    payment: { reference, providerReference, amount: '25.00', amountMinor: 2500 },
  });

  it("refunds only a paid transaction of the key's own merchant, and declines the magic amount ending in .13", async () => {
    const reference = await merchantPayment();
    const init = await callInit(config, values(reference), credentials, options());
    const providerReference = init.providerReference ?? '';
    const unpaid = await callRefund(config, refundValues(reference, providerReference, 500), credentials, options());
    expect(unpaid).toMatchObject({ outcome: 'psp_error', httpStatus: 409 });
    expect((await pay(init.checkoutUrl, 'success')).status).toBe(303);

    const done = await callRefund(config, refundValues(reference, providerReference, 500), credentials, options());
    expect(done).toMatchObject({ outcome: 'ok', status: 'succeeded', mappedStatus: 'success' });
    expect(done?.providerReference).toMatch(/^SBXR-[0-9A-F]{12}$/);
    const declined = await callRefund(config, refundValues(reference, providerReference, 513), credentials, options());
    expect(declined).toMatchObject({ outcome: 'ok', mappedStatus: 'failed', message: SANDBOX_REFUND_DECLINED });
    const tooMuch = await callRefund(config, refundValues(reference, providerReference, 2501), credentials, options());
    expect(tooMuch).toMatchObject({ outcome: 'psp_error', httpStatus: 400 });
    const stranger = await callRefund(config, refundValues(reference, providerReference, 500), otherMerchant, options());
    expect(stranger).toMatchObject({ outcome: 'psp_error', httpStatus: 404 });
  });

  it('answers pending for the magic amount ending in .17, and its refund status lookup says succeeded to the same merchant only', async () => {
    const reference = await merchantPayment();
    const init = await callInit(config, values(reference), credentials, options());
    const providerReference = init.providerReference ?? '';
    expect((await pay(init.checkoutUrl, 'success')).status).toBe(303);
    const pending = await callRefund(config, refundValues(reference, providerReference, 517), credentials, options());
    expect(pending).toMatchObject({ outcome: 'ok', status: 'pending', mappedStatus: 'pending' });
    const asked = refundValues(reference, providerReference, 517);
    const withReference = { ...asked, refund: { ...asked.refund, providerReference: pending?.providerReference ?? '' } };
    const verified = await callRefundVerify(config, withReference, credentials, options());
    expect(verified).toMatchObject({ outcome: 'ok', status: 'succeeded', mappedStatus: 'success' });
    const stranger = await callRefundVerify(config, withReference, otherMerchant, options());
    expect(stranger).toMatchObject({ outcome: 'psp_error', httpStatus: 404 });
    // Not a refund reference the sandbox hands out: refused, so a refund verify would leave the refund Pending.
    const malformed = { ...asked, refund: { ...asked.refund, providerReference: 'nope' } };
    expect(await callRefundVerify(config, malformed, credentials, options())).toMatchObject({ outcome: 'psp_error', httpStatus: 400 });
  });
});

describe('who may use the Sandbox PSP', () => {
  const transaction = { amount: '1.00', currency: 'GHS', reference: 'PAY-ANYTHING' };

  it('refuses a Bearer key that no gateway or bank set up for the sandbox sends', async () => {
    for (const authorization of [null, 'Bearer sk_made_up_by_anyone', 'Bearer sk_live_paystack_merchant', 'Basic c2s6eA==']) {
      const response = await startWith(authorization, transaction);
      expect(response.status).toBe(401);
      expect(((await response.json()) as { message: string }).message).toBe(
        'Sandbox PSP: send the secret key of a gateway or bank set up for the Sandbox PSP as Authorization: Bearer <secretKey>.',
      );
    }
    const verify = await callVerify(config, values('PAY-ANYTHING'), { publicKey: '', secretKey: 'sk_made_up_by_anyone' }, options());
    expect(verify).toMatchObject({ outcome: 'psp_error', httpStatus: 401 });
    expect((await startWith(`Bearer ${credentials.secretKey}`, transaction)).status).toBe(201);
  });

  it('sends the payer back only to this server or a URL the organisation registered', async () => {
    const reference = await merchantPayment();
    for (const callbackUrl of ['https://phish.example/login', 'https://merchant.test.phish.example/return', 'javascript:alert(1)']) {
      const refused = await startWith(`Bearer ${credentials.secretKey}`, { ...transaction, reference, callbackUrl });
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as { message: string }).message).toBe(
        "Sandbox PSP: callbackUrl must be on this server or on a URL the payment's organisation registered (its callback or website URL).",
      );
    }
    // A reference that is no payment has no organisation: only this server's own pages.
    const unknownPayment = await startWith(`Bearer ${credentials.secretKey}`, { ...transaction, callbackUrl: MERCHANT_RETURN });
    expect(unknownPayment.status).toBe(400);
    const ownPage = await startWith(`Bearer ${credentials.secretKey}`, { ...transaction, callbackUrl: `${publicUrl}/receipts/x` });
    expect(ownPage.status).toBe(201);

    // Checked again when the payer pays: a URL the organisation no longer registers gets no redirect.
    const started = await callInit(config, values(reference), credentials, options());
    expect(started.outcome).toBe('ok');
    await t.db.update(organisations).set({ callbackUrl: 'https://elsewhere.example/hook' }).where(eq(organisations.id, orgId));
    try {
      const paid = await pay(started.checkoutUrl, 'success');
      expect(paid.status).toBe(200);
      expect(paid.headers.get('location')).toBeNull();
      expect(await paid.text()).toContain('You can close this page.');
    } finally {
      await t.db
        .update(organisations)
        .set({ callbackUrl: `${MERCHANT_RETURN}/hook` })
        .where(eq(organisations.id, orgId));
    }
  });
});

describe('the Sandbox PSP switch and rate limit', () => {
  const payPage = '/api/sandbox-psp/pay/SBX-000000000000';

  it('answers too many requests from one address with 429', async () => {
    const limited = await buildTestApp({ sandboxPspRateLimitPerMinute: 3 });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await limited.app.inject({ method: 'GET', url: payPage })).statusCode);
      expect(statuses).toEqual([404, 404, 404, 429]);
    } finally {
      await limited.close();
    }
  });

  it('is not served at all when switched off', async () => {
    const off = await buildTestApp({ sandboxPsp: false });
    try {
      for (const [method, url] of [
        ['POST', '/api/sandbox-psp/transactions'],
        ['GET', '/api/sandbox-psp/transactions/PAY-1'],
        ['GET', payPage],
        ['POST', payPage],
      ] as const) {
        const response = await off.app.inject({ method, url, headers: { authorization: `Bearer ${credentials.secretKey}` } });
        expect(response.statusCode).toBe(404);
        expect(body(response)).toEqual({ statusCode: 404, error: 'Not Found', message: `Route ${method} ${url} not found.` });
      }
    } finally {
      await off.close();
    }
  });
});
