import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxBankConfig, sandboxEntry } from '../../server/db/provider-catalogue.ts';
import { mailMessages, paymentEvents, payments, webhookLogs } from '../../server/db/schema.ts';
import { buildTestApp, createOrganisation, createUser, signIn, type TestApp } from '../helpers/app.ts';
import { freePort } from '../helpers/net.ts';
import { payOnSandbox } from '../helpers/sandbox-merchant.ts';

const SANDBOX_KEY = 'sk_sandbox_checkout_test';
let t: TestApp;
let publicUrl: string;
let orgadmin: string;
let admin: string;
let orgId: number;
let otherOrgId: number;

beforeAll(async () => {
  const port = await freePort();
  publicUrl = `http://127.0.0.1:${port}`;
  t = await buildTestApp({ publicUrl, publicRateLimitPerMinute: 1000 });
  await t.app.listen({ port, host: '127.0.0.1' });
  orgId = await createOrganisation(t.db, 'Checkout Co');
  otherOrgId = await createOrganisation(t.db, 'Other Checkout Co');
  await createUser(t.db, { email: 'desk@checkout.test', orgId });
  await createUser(t.db, { email: 'root@checkout.test', role: 'superadmin' });
  orgadmin = await signIn(t.app, 'desk@checkout.test');
  admin = await signIn(t.app, 'root@checkout.test');
  const gateway = await api('POST', '/api/organisations/my-organisation/gateways', orgadmin, {
    name: 'Sandbox',
    provider: 'sandbox',
    secretKey: SANDBOX_KEY,
    webhookSecret: SANDBOX_KEY,
    config: sandboxEntry(publicUrl).sampleConfig,
  });
  expect(gateway.status).toBe(201);
});
afterAll(() => t.close());

async function api(method: string, path: string, token: string | null, payload?: unknown, headers: Record<string, string> = {}) {
  return fetch(`${publicUrl}${path}`, {
    method,
    redirect: 'manual',
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: payload === undefined ? undefined : JSON.stringify(payload),
  });
}
const form = (path: string, fields: Record<string, string>) =>
  fetch(`${publicUrl}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
const tokenOf = (url: string) => url.split('/').at(-1) ?? '';
const paymentCount = async () => (await t.db.select().from(payments)).length;
const customer = { amount: '25.00', customerName: 'Yaw Boateng', customerEmail: 'yaw@example.com' };

async function urls() {
  const checkout = (await (await api('GET', '/api/organisations/my-organisation/checkout-url', orgadmin)).json()) as { url: string };
  const record = (await (await api('GET', '/api/organisations/my-organisation/record-url', orgadmin)).json()) as { url: string };
  return { checkout: checkout.url, record: record.url };
}

describe('checkout and record URLs', () => {
  it('gives the same URLs in both scopes, and the record URL cannot be derived from the checkout URL', async () => {
    const own = await urls();
    expect(own.checkout).toMatch(new RegExp(`^${publicUrl}/pay/[A-Za-z0-9_-]{32}$`));
    expect(own.record).toMatch(new RegExp(`^${publicUrl}/api/payment/record/[A-Za-z0-9_-]{32}\\.[A-Za-z0-9_-]{43}$`));
    expect(tokenOf(own.record).startsWith(tokenOf(own.checkout))).toBe(true);
    const bySuperadmin = (await (await api('GET', `/api/organisations/${orgId}/checkout-url`, admin)).json()) as { url: string };
    const recordBySuperadmin = (await (await api('GET', `/api/organisations/${orgId}/record-url`, admin)).json()) as { url: string };
    expect(bySuperadmin.url).toBe(own.checkout);
    expect(recordBySuperadmin.url).toBe(own.record);
    expect((await api('GET', `/api/organisations/${otherOrgId}/checkout-url`, orgadmin)).status).toBe(403);
    expect((await api('GET', '/api/organisations/999999/record-url', admin)).status).toBe(404);
  });

  it('serves the hosted checkout page with the organisation, its currencies and no scripts', async () => {
    const { checkout } = await urls();
    const page = await fetch(`${checkout}?amount=12.50&description=Invoice%2042&customerName=%3Cb%3EYaw`);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(page.headers.get('content-security-policy')).not.toContain('script-src');
    expect(html).toContain('Pay Checkout Co');
    expect(html).toContain('value="12.50"');
    expect(html).toContain('value="Invoice 42"');
    expect(html).toContain('value="&#60;b&#62;Yaw"');
    expect(html).not.toContain('<b>Yaw');
    expect(html).toContain('<option value="GHS" selected>GHS</option>');
    expect(html).toContain(`action="/api/payment/checkout/${tokenOf(checkout)}"`);
    const unknown = await fetch(`${publicUrl}/pay/not-a-real-token-0000000000000`);
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain('not valid');
  });

  it('starts a payment at the gateway from the page (form post → 303 to the PSP) and from JSON', async () => {
    const { checkout } = await urls();
    const path = `/api/payment/checkout/${tokenOf(checkout)}`;
    const posted = await form(path, { ...customer, currency: 'GHS', description: '', customerPhone: '', isBankPayment: 'false' });
    expect(posted.status).toBe(303);
    expect(posted.headers.get('location')).toMatch(new RegExp(`^${publicUrl}/api/sandbox-psp/pay/SBX-`));

    const json = await api('POST', path, null, { ...customer, description: 'Order 7' });
    expect(json.status).toBe(201);
    const started = (await json.json()) as Record<string, unknown>;
    expect(started).toMatchObject({
      status: 'Pending',
      amount: '25.00',
      amountMinor: 2500,
      currency: 'GHS',
      bankCheckoutUrl: null,
      error: null,
    });
    expect(started['checkoutUrl']).toMatch(/\/api\/sandbox-psp\/pay\/SBX-/);
    expect(started['invoiceUrl']).toBe(`${publicUrl}/receipts/invoice/${String(started['reference'])}`);
    const [row] = await t.db
      .select()
      .from(payments)
      .where(eq(payments.reference, String(started['reference'])));
    expect(row).toMatchObject({ orgId, description: 'Order 7', processViaGateway: true, createdBy: null });
  });

  it('rejects bad input with a clear error and creates nothing', async () => {
    const { checkout } = await urls();
    const path = `/api/payment/checkout/${tokenOf(checkout)}`;
    const before = await paymentCount();
    const overPrecise = await form(path, { ...customer, amount: '10.001', currency: 'GHS' });
    expect(overPrecise.status).toBe(400);
    const page = await overPrecise.text();
    expect(page).toContain('role="alert"');
    expect(page).toContain('value="10.001"');
    expect((await form(path, { ...customer, amount: '5', customerEmail: 'not-an-email' })).status).toBe(400);
    const negative = await api('POST', path, null, { ...customer, amount: '-5' });
    expect(negative.status).toBe(400);
    expect(((await negative.json()) as { message: string }).message).toMatch(/amount/i);
    expect((await api('POST', path, null, { ...customer, currency: 'USD' })).status).toBe(400);
    expect((await api('POST', path, null, { ...customer, extra: 1 })).status).toBe(400);
    expect((await api('POST', '/api/payment/checkout/not-a-real-token-0000000000000', null, customer)).status).toBe(404);
    expect(await paymentCount()).toBe(before);
  });

  it('records a completed payment at once: Success, numbered, receipted, caused by record-url, idempotent', async () => {
    const { record } = await urls();
    const path = new URL(record).pathname;
    const headers = { 'idempotency-key': 'till-42-0001' };
    const response = await api('POST', path, null, { ...customer, description: 'Cash at the desk' }, headers);
    expect(response.status).toBe(201);
    const recorded = (await response.json()) as { reference: string; receiptNumber: string; receiptUrl: string; status: string };
    expect(recorded).toMatchObject({ status: 'Success', amount: '25.00', description: 'Cash at the desk' });
    expect(recorded.receiptNumber).toMatch(/^ORG\d+-\d+$/);
    const receipt = await fetch(recorded.receiptUrl);
    expect(receipt.status).toBe(200);
    expect(await receipt.text()).toContain(recorded.receiptNumber);
    const [row] = await t.db.select().from(payments).where(eq(payments.reference, recorded.reference));
    const events = await t.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.paymentId, row?.id ?? 0));
    expect(events.map((event) => [event.cause, event.toStatus])).toEqual([
      ['created', 'Pending'],
      ['record-url', 'Success'],
    ]);

    const before = await paymentCount();
    const replay = await api('POST', path, null, { ...customer, description: 'Cash at the desk' }, headers);
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(((await replay.json()) as { reference: string }).reference).toBe(recorded.reference);
    expect((await api('POST', path, null, { ...customer, amount: '26.00' }, headers)).status).toBe(422);
    expect(await paymentCount()).toBe(before);
  });

  it('refuses a record URL whose proof is forged or which is only the checkout token', async () => {
    const { checkout, record } = await urls();
    const before = await paymentCount();
    const forged = `${tokenOf(checkout)}.${'A'.repeat(43)}`;
    expect((await api('POST', `/api/payment/record/${forged}`, null, customer)).status).toBe(404);
    expect((await api('POST', `/api/payment/record/${tokenOf(checkout)}`, null, customer)).status).toBe(404);
    expect((await api('POST', new URL(record).pathname, null, { ...customer, amount: '0' })).status).toBe(400);
    expect(await paymentCount()).toBe(before);
  });

  it('rotating the token kills the old checkout and record URLs together', async () => {
    const old = await urls();
    const rotated = (await (await api('POST', '/api/organisations/my-organisation/checkout-token/rotate', orgadmin)).json()) as {
      url: string;
    };
    expect(rotated.url).not.toBe(old.checkout);
    const fresh = await urls();
    expect(fresh.checkout).toBe(rotated.url);
    expect(fresh.record).not.toBe(old.record);
    const before = await paymentCount();
    expect((await fetch(old.checkout)).status).toBe(404);
    expect((await api('POST', `/api/payment/checkout/${tokenOf(old.checkout)}`, null, customer)).status).toBe(404);
    expect((await api('POST', new URL(old.record).pathname, null, customer)).status).toBe(404);
    expect(await paymentCount()).toBe(before);
    expect((await fetch(fresh.checkout)).status).toBe(200);
    const bySuperadmin = await api('POST', `/api/organisations/${orgId}/checkout-token/rotate`, admin);
    expect(bySuperadmin.status).toBe(200);
    expect((await fetch(fresh.checkout)).status).toBe(404);
  });
});

describe('bank checkout', () => {
  let bankPayment: { reference: string; bankCheckoutUrl: string };

  it('refuses a bank payment while no bank is set up', async () => {
    const response = await api('POST', '/api/payments', orgadmin, { ...customer, description: 'Fees', isBankPayment: true });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toBe('No bank is set up for bank checkout: add one in Banks.');
  });

  it('creates a bank payment whose checkout page lists the banks', async () => {
    const bank = await api('POST', '/api/organisations/my-organisation/banks', orgadmin, {
      code: 'sbk',
      name: 'Sandbox Bank',
      apiConfig: sandboxBankConfig(publicUrl, 'sk_sandbox_bank'),
    });
    expect(bank.status).toBe(201);
    const response = await api('POST', '/api/payments', orgadmin, {
      ...customer,
      description: 'School fees',
      processViaGateway: true,
      isBankPayment: true,
    });
    expect(response.status).toBe(201);
    const created = (await response.json()) as {
      reference: string;
      bankCheckoutUrl: string;
      isBankPayment: boolean;
      gatewayInit?: unknown;
    };
    expect(created.isBankPayment).toBe(true);
    expect(created.gatewayInit).toBeUndefined();
    expect(created.bankCheckoutUrl).toBe(`${publicUrl}/checkout/banks/${created.reference}`);
    bankPayment = created;

    const options = (await (await api('GET', `/api/checkout/banks/${created.reference}/options`, null)).json()) as Record<string, unknown>;
    expect(options).toMatchObject({
      reference: created.reference,
      organisation: 'Checkout Co',
      amount: '25.00',
      currency: 'GHS',
      status: 'Pending',
      bank: null,
      banks: [{ code: 'SBK', name: 'Sandbox Bank', logoUrl: null }],
    });
    const page = await fetch(created.bankCheckoutUrl);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<button type="submit" name="bankCode" value="SBK">');
  });

  it('refuses an unknown bank and a payment that is not a bank payment', async () => {
    const unknown = await api('POST', `/api/checkout/banks/${bankPayment.reference}/select`, null, { bankCode: 'NOPE' });
    expect(unknown.status).toBe(400);
    const card = (await (await api('POST', '/api/payments', orgadmin, { ...customer, description: 'Card' })).json()) as {
      reference: string;
    };
    expect((await api('GET', `/api/checkout/banks/${card.reference}/options`, null)).status).toBe(404);
    expect((await api('POST', `/api/checkout/banks/${card.reference}/select`, null, { bankCode: 'SBK' })).status).toBe(404);
    expect((await fetch(`${publicUrl}/checkout/banks/PAY-NOT-A-REFERENCE`)).status).toBe(404);
  });

  it('runs bank choice → bank page → Pay → bank callback → verify → Success', async () => {
    const chosen = await form(`/api/checkout/banks/${bankPayment.reference}/select`, { bankCode: 'sbk' });
    expect(chosen.status).toBe(303);
    const bankPage = chosen.headers.get('location') ?? '';
    expect(bankPage).toMatch(new RegExp(`^${publicUrl}/api/sandbox-psp/pay/SBX-`));
    const paid = await payOnSandbox(bankPage);
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toContain(`/checkout/banks/${bankPayment.reference}`);
    const [row] = await t.db.select().from(payments).where(eq(payments.reference, bankPayment.reference));
    expect(row?.status).toBe('Success');
    expect(row?.receiptNumber).toMatch(/^ORG\d+-\d+$/);
    const [log] = await t.db.select().from(webhookLogs).where(eq(webhookLogs.reference, bankPayment.reference));
    expect(log).toMatchObject({ provider: 'bank', status: 'accepted', httpStatus: 200 });
    const page = await (await fetch(bankPayment.bankCheckoutUrl)).text();
    expect(page).toContain('Paid — thank you.');
    expect(page).not.toContain('name="bankCode"');
    const again = await api('POST', `/api/checkout/banks/${bankPayment.reference}/select`, null, { bankCode: 'SBK' });
    expect(again.status).toBe(409);
  });

  it('never takes a bank callback body at its word: a forged "success" for an unpaid bank payment changes nothing', async () => {
    const created = (await (
      await api('POST', '/api/payments', orgadmin, { ...customer, description: 'Forged', isBankPayment: true })
    ).json()) as { reference: string };
    await api('POST', `/api/checkout/banks/${created.reference}/select`, null, { bankCode: 'SBK' });
    const forged = await fetch(`${publicUrl}/api/webhooks/psp/bank`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ reference: created.reference, status: 'success' }),
    });
    expect(forged.status).toBe(200);
    const [row] = await t.db.select().from(payments).where(eq(payments.reference, created.reference));
    expect(row).toMatchObject({ status: 'Pending', receiptNumber: null });
  });

  it('reserves the provider name "bank" for bank callbacks', async () => {
    const response = await api('POST', '/api/psp', admin, { name: 'bank', displayName: 'Bank' });
    expect(response.status).toBe(400);
  });
});

describe('the message composer', () => {
  it('e-mails the customer with the invoice link before payment and stores the outcome', async () => {
    const created = (await (await api('POST', '/api/payments', orgadmin, { ...customer, description: 'Rent' })).json()) as {
      reference: string;
    };
    const response = await api('POST', `/api/payments/${created.reference}/messages`, orgadmin, {
      subject: 'Your rent invoice',
      body: 'Dear Yaw,\nplease find your invoice below.',
    });
    expect(response.status).toBe(201);
    const message = (await response.json()) as { id: number; to: string; status: string; body: string };
    expect(message).toMatchObject({ to: 'yaw@example.com', subject: 'Your rent invoice', status: 'logged' });
    expect(message.body).toContain(`Your invoice: ${publicUrl}/receipts/invoice/${created.reference}`);
    const [stored] = await t.db.select().from(mailMessages).where(eq(mailMessages.id, message.id));
    const [row] = await t.db.select().from(payments).where(eq(payments.reference, created.reference));
    expect(stored?.paymentId).toBe(row?.id);
    const history = (await (await api('GET', `/api/payments/${created.reference}/messages`, orgadmin)).json()) as { id: number }[];
    expect(history.map((entry) => entry.id)).toEqual([message.id]);
  });

  it('links the receipt once paid, and refuses empty text, a foreign payment and superadmins', async () => {
    const { record } = await urls();
    const recorded = (await (await api('POST', new URL(record).pathname, null, customer)).json()) as {
      reference: string;
      receiptUrl: string;
    };
    const sent = (await (
      await api('POST', `/api/payments/${recorded.reference}/messages`, orgadmin, { subject: 'Receipt', body: 'Thank you.' })
    ).json()) as { body: string };
    expect(sent.body).toContain(`Your receipt: ${recorded.receiptUrl}`);
    const before = (await t.db.select().from(mailMessages)).length;
    expect((await api('POST', `/api/payments/${recorded.reference}/messages`, orgadmin, { subject: ' ', body: 'x' })).status).toBe(400);
    expect((await api('POST', `/api/payments/${recorded.reference}/messages`, admin, { subject: 'a', body: 'b' })).status).toBe(403);
    await createUser(t.db, { email: 'other@checkout.test', orgId: otherOrgId });
    const other = await signIn(t.app, 'other@checkout.test');
    expect((await api('POST', `/api/payments/${recorded.reference}/messages`, other, { subject: 'a', body: 'b' })).status).toBe(404);
    expect((await t.db.select().from(mailMessages)).length).toBe(before);
  });
});

describe('rate limits', () => {
  it('limits the public checkout and record posts per IP', async () => {
    const limited = await buildTestApp({ publicRateLimitPerMinute: 2 });
    try {
      const responses = [];
      for (let attempt = 0; attempt < 3; attempt++) {
        responses.push(
          (await limited.app.inject({ method: 'POST', url: '/api/payment/record/unknown-token-000000000000000000', payload: customer }))
            .statusCode,
        );
      }
      expect(responses).toEqual([404, 404, 429]);
    } finally {
      await limited.close();
    }
  });
});
