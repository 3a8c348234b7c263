// Refunds and cancellations in the console (issue 30), against the refunds contract: a sandbox payment goes Success →
// partial refund (detail page) → second partial (the list's row action; the Sandbox answers .19 pending and settles it
// by its signed refund callback) → fully refunded (the default remainder), with its credit notes, the receipt's Refunds
// section and the signed refund events; a Pending payment is cancelled with a reason, with its event; then the
// dashboard, the list's refund filter and the AI analyst show the same totals. The organisation is the spec's own, so
// every figure is known. The merchant's endpoint is a receiver this spec runs on 127.0.0.1 and checks every signature.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { sandboxEntry } from '../../server/db/provider-catalogue.ts';
import { BASE_URL, SUPERADMIN, type Account } from './support/constants.ts';
import { expectNoSeriousA11yViolations, saveScreen, screenHeading, toast } from './support/console.ts';
import { apiCreateOrganisation, apiCreateUser, apiToken, signIn, uniqueTag } from './support/users-api.ts';

test.describe.configure({ mode: 'serial' });

const SANDBOX_KEY = 'sk_sandbox_e2e_refunds';
const SECRET = 'whsec_RfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

let orgadmin: Account;
let orgToken: string;
let tag: string;
let receiver: Server;
/** Every event the merchant's endpoint received, after its signature was checked. */
const received: { type: string; data: Record<string, unknown> }[] = [];
let badSignatures = 0;

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

async function send(request: APIRequestContext, method: 'POST' | 'PATCH', path: string, data: unknown, status: number) {
  const response = await request.fetch(path, { method, headers: auth(orgToken), data });
  expect(response.status(), `${method} ${path}: ${await response.text()}`).toBe(status);
  return response.json() as Promise<Record<string, unknown>>;
}

/** A payment of GHS `amount` for `customerName`; when `pay`, started through the sandbox and paid on its pay page. */
async function createPayment(request: APIRequestContext, amount: string, customerName: string, pay: boolean): Promise<string> {
  const created = await send(
    request,
    'POST',
    '/api/payments',
    { amount, currency: 'GHS', customerName, customerEmail: `${tag}@example.com`, description: 'Solar lantern', processViaGateway: pay },
    201,
  );
  const reference = String(created['reference']);
  if (pay) {
    // The customer pays on the Sandbox PSP's page, which then sends its signed callback: the sandbox knows it paid.
    const { checkoutUrl } = created['gatewayInit'] as { checkoutUrl: string };
    const paid = await request.post(checkoutUrl, { form: { outcome: 'success' }, maxRedirects: 0 });
    expect(paid.status(), await paid.text()).toBeLessThan(400);
    const statusOf = async () => {
      const payment = await request.get(`/api/payments/${reference}`, { headers: auth(orgToken) });
      return ((await payment.json()) as { status: string }).status;
    };
    await expect.poll(statusOf).toBe('Success');
  }
  return reference;
}

/** The events of `type` the endpoint received about `reference` (as data.payment or data.refund.paymentReference). */
function eventsOf(type: string, reference: string) {
  return received.filter((event) => {
    const payment = event.data['payment'] as { reference?: string } | undefined;
    return event.type === type && payment?.reference === reference;
  });
}

test.beforeAll(async ({ request }) => {
  tag = uniqueTag();
  const superToken = await apiToken(request, SUPERADMIN);
  const organisation = await apiCreateOrganisation(request, superToken, `Refunds Spec ${tag}`, `RF${tag.toUpperCase()}`.slice(0, 20));
  orgadmin = { email: `refunds.${tag}@payrail.test`, password: 'E2e-Refunds-Pass1', name: 'Refunds Admin' };
  await apiCreateUser(request, superToken, { ...orgadmin, orgId: organisation.id, role: 'orgadmin' });
  orgToken = await apiToken(request, orgadmin);

  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      const timestamp = String(req.headers['x-payrail-timestamp'] ?? '');
      const expected = createHmac('sha256', SECRET).update(`${timestamp}.${body}`).digest();
      const given = Buffer.from(String(req.headers['x-payrail-signature'] ?? ''), 'hex');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) badSignatures++;
      else received.push(JSON.parse(body) as { type: string; data: Record<string, unknown> });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;

  await send(
    request,
    'POST',
    '/api/organisations/my-organisation/gateways',
    {
      name: 'Sandbox',
      provider: 'sandbox',
      secretKey: SANDBOX_KEY,
      webhookSecret: SANDBOX_KEY,
      config: sandboxEntry(BASE_URL).sampleConfig,
    },
    201,
  );
  await send(
    request,
    'PATCH',
    '/api/organisations/my-organisation/webhook-config',
    { callbackUrl: receiverUrl, webhookSecret: SECRET },
    200,
  );
});

test.afterAll(async () => {
  await new Promise<void>((resolve) => receiver?.close(() => resolve()));
});

const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

/** Fills the Refund dialog (amount left as offered when null), checks the confirmation's words and refunds. */
async function refund(page: Page, amount: string | null, expectedAmount: string, customerName: string, reason: string) {
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  if (amount !== null) await dialog.getByLabel('Amount').fill(amount);
  else await expect(dialog.getByLabel('Amount')).toHaveValue(expectedAmount);
  await dialog.getByLabel('Reason').fill(reason);
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByText(`Refund ${expectedAmount} GHS to ${customerName}?`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(dialog).toBeHidden();
}

/** Waits, reloading the page, until the refund history's newest entry has succeeded. */
async function expectNewestRefundSucceeded(page: Page, amount: string) {
  await expect
    .poll(
      async () => {
        await page.getByRole('button', { name: 'Refresh' }).click();
        return (await region(page, 'Refunds').getByRole('listitem').first().textContent()) ?? '';
      },
      { timeout: 30_000, intervals: [1000] },
    )
    .toMatch(new RegExp(`^GH₵${amount.replace('.', '\\.')}Succeeded`));
}

test('orgadmin: Success → partial refund → second partial → fully refunded, with credit notes, receipt and events', async ({
  page,
  request,
}) => {
  const customerName = `Kwame Refund ${tag}`;
  const reference = await createPayment(request, '75.00', customerName, true);

  await signIn(page, orgadmin, `/dashboard/payments/${reference}`);
  await expect(screenHeading(page)).toHaveText(`Payment ${reference}`);
  await expect(region(page, 'Payment').getByText('Success', { exact: true })).toBeVisible();

  // 1. A partial refund on the detail page.
  await page.getByRole('button', { name: 'Refund', exact: true }).click();
  await refund(page, '25', '25.00', customerName, 'Lantern cracked');
  await expect(toast(page, 'success', '25.00 GHS')).toBeVisible();
  await expectNewestRefundSucceeded(page, '25.00');
  await expect(region(page, 'Payment').getByText('Partially refunded')).toBeVisible();
  await saveScreen(page, 'refunds-detail-partial-1366-dark');

  // 2. A second partial from the list's row actions: the same dialog.
  await page.goto(`/dashboard/payments?search=${encodeURIComponent(customerName)}`);
  const row = page.getByRole('row').filter({ hasText: reference });
  await expect(row.getByText('Partially refunded')).toBeVisible();
  await row.getByLabel(`More actions for ${reference}`).click();
  await row.getByRole('button', { name: `Refund ${reference}` }).click();
  await refund(page, '30.19', '30.19', customerName, 'Second lantern returned');
  await expect(toast(page, 'success', 'Refund of 30.19 GHS requested. It completes when the payment service confirms it.')).toBeVisible();

  // 3. The PSP's callback settled it; the rest: the dialog offers exactly what is left.
  await page.goto(`/dashboard/payments/${reference}`);
  await expectNewestRefundSucceeded(page, '30.19');
  await page.getByRole('button', { name: 'Refund', exact: true }).click();
  await refund(page, null, '19.81', customerName, 'Order cancelled');
  await expectNewestRefundSucceeded(page, '19.81');
  await expect(region(page, 'Payment').locator('.badge').getByText('Refunded', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Refund', exact: true })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  // The credit note of the last refund: its own number, the payment and the amount.
  const history = region(page, 'Refunds');
  await expect(history.getByRole('listitem')).toHaveCount(3);
  const [creditNotePage] = await Promise.all([
    page.waitForEvent('popup'),
    history
      .getByRole('listitem')
      .first()
      .getByRole('button', { name: /^Credit note / })
      .click(),
  ]);
  await creditNotePage.waitForLoadState();
  await expect(creditNotePage.getByRole('heading', { level: 1 })).toHaveText('Credit Note');
  await expect(creditNotePage.getByText(reference).first()).toBeVisible();
  await expect(creditNotePage.getByText('GHS 19.81').first()).toBeVisible();
  await expect(creditNotePage.getByText('Reason: Order cancelled')).toBeVisible();
  await creditNotePage.close();

  // The receipt lists the three refunds and nets them out.
  const link = (await (await request.get(`/api/payments/${reference}/receipt`, { headers: auth(orgToken) })).json()) as { url: string };
  const receipt = await (await request.get(new URL(link.url).pathname)).text();
  expect(receipt).toContain('Refunds');
  expect(receipt.match(/− GHS (25\.00|30\.19|19\.81)/g)).toHaveLength(3);
  expect(receipt).toMatch(/<span>Net paid<\/span><span class="num">GHS 0\.00<\/span>/);

  // Signed events: three refunds created and succeeded, the last payload showing everything refunded.
  await expect.poll(() => eventsOf('refund.succeeded', reference).length, { timeout: 30_000 }).toBe(3);
  expect(eventsOf('refund.created', reference)).toHaveLength(3);
  const last = eventsOf('refund.succeeded', reference).at(-1)?.data['payment'] as { refundedAmount: string };
  expect(last.refundedAmount).toBe('75.00');
  expect(badSignatures).toBe(0);

  for (const [width, scheme] of [
    [360, 'dark'],
    [360, 'light'],
    [1366, 'light'],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    await page.emulateMedia({ colorScheme: scheme });
    await expect(screenHeading(page)).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `horizontal overflow at ${width} px`).toBeLessThanOrEqual(0);
    await saveScreen(page, `refunds-detail-refunded-${width}-${scheme}`);
  }
});

test('orgadmin: a Pending payment is cancelled from the detail page with a reason, and the list filters it', async ({ page, request }) => {
  const customerName = `Ama Cancel ${tag}`;
  const reference = await createPayment(request, '40.00', customerName, false);

  await signIn(page, orgadmin, `/dashboard/payments/${reference}`);
  await expect(screenHeading(page)).toHaveText(`Payment ${reference}`);
  await page.getByRole('button', { name: 'Cancel payment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel payment' });
  await expect(dialog.getByText(`Cancel payment ${reference} of 40.00 GHS from ${customerName}?`, { exact: false })).toBeVisible();
  await dialog.getByLabel('Reason (optional)').fill('Customer ordered twice');
  await saveScreen(page, 'refunds-cancel-confirm-1366-dark');
  await dialog.getByRole('button', { name: 'Cancel payment' }).click();
  await expect(toast(page, 'success', 'Payment cancelled.')).toBeVisible();
  await expect(region(page, 'Payment').getByText('Cancelled', { exact: true }).first()).toBeVisible();
  await expect(region(page, 'Payment').getByText('Customer ordered twice')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel payment' })).toHaveCount(0);

  await page.goto('/dashboard/payments');
  await page.getByRole('checkbox', { name: 'Cancelled' }).check();
  const row = page.getByRole('row').filter({ hasText: reference });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: `Mark as paid ${reference}` })).toHaveCount(0);

  await expect.poll(() => eventsOf('payment.cancelled', reference).length, { timeout: 30_000 }).toBe(1);
  expect(eventsOf('payment.cancelled', reference)[0]?.data['payment']).toMatchObject({
    status: 'Cancelled',
    cancelReason: 'Customer ordered twice',
  });
  expect(badSignatures).toBe(0);
});

test('orgadmin: the dashboard, the refund filter and the AI analyst agree with the refunds and the cancel', async ({ page }) => {
  // The spec's organisation holds exactly the two payments above: 75.00 paid and refunded in full, 40.00 cancelled.
  await signIn(page, orgadmin, '/dashboard');
  const card = (label: string) =>
    page
      .locator('.stat-card')
      .filter({ has: page.getByRole('heading', { name: label, exact: true }) })
      .locator('.stat-card__value');
  await expect(card('Success Volume')).toHaveText('GH₵75.00');
  await expect(card('Refunded')).toHaveText('GH₵75.00');
  await expect(card('Net Volume')).toHaveText('GH₵0.00');
  await expect(card('Cancelled Volume')).toHaveText('GH₵40.00');

  await page.goto('/dashboard/payments');
  await page.getByLabel('Refunds').selectOption({ label: 'Refunded' });
  await expect(page).toHaveURL(/[?&]refund=full/);
  await expect(page.getByRole('row').filter({ hasText: 'Kwame Refund' })).toHaveCount(1);
  await expect(page.getByRole('row').filter({ hasText: 'Ama Cancel' })).toHaveCount(0);
  await saveScreen(page, 'refunds-filter-1366-dark');
  await page.setViewportSize({ width: 360, height: 800 });
  await page.emulateMedia({ colorScheme: 'light' });
  await saveScreen(page, 'refunds-filter-360-light');
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.getByLabel('Refunds').selectOption({ label: 'Partially refunded' });
  await expect(page.getByText('Kwame Refund')).toHaveCount(0);

  await page.goto('/dashboard/ai-reporting');
  const summary = page.locator('.ai-summary');
  const ask = async (question: string) => {
    await page.getByLabel('Ask a question').fill(question);
    await page.getByRole('button', { name: 'Ask', exact: true }).click();
  };
  await ask('How much was refunded?');
  await expect(summary).toContainText('GH₵75.00');
  await ask('What is our net volume?');
  await expect(summary).toContainText('GH₵0.00');
  await ask('How many cancelled payments?');
  await expect(summary).toContainText('There is 1 cancelled payment, worth GH₵40.00 in total.');
});
