// The support case end to end (issue 29): "the customer was debited but the merchant's system never heard of it —
// what happened?" Find the payment by the customer's name, open its detail page, read the gateway attempt, the PSP
// callbacks (one rejected, one accepted) and the failed webhook attempts, then resend the delivery to the merchant's
// endpoint (a receiver this spec runs on 127.0.0.1) once it is back — as the organisation's admin and as a superadmin.
import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { sandboxEntry } from '../../server/db/provider-catalogue.ts';
import { EARLY_HEADING_ATTRIBUTE, PAGE_MATCH_ATTRIBUTE } from '../../src/lib/screen-heading.ts';
import { SESSION_ROLE_ATTRIBUTE } from '../../src/lib/session-check.ts';
import { BASE_URL, SUPERADMIN, type Account } from './support/constants.ts';
import { expectNoSeriousA11yViolations, saveScreen, screenHeading, toast } from './support/console.ts';
import { apiCreateOrganisation, apiCreateUser, apiToken, signIn, uniqueTag } from './support/users-api.ts';

test.describe.configure({ mode: 'serial' });

const SANDBOX_KEY = 'sk_sandbox_e2e_support';
const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

let orgadmin: Account;
let orgToken: string;
let organisationName: string;
let customerName: string;
let reference: string;
let receiver: Server;
let receiverUrl: string;
/** Whether the merchant's endpoint is up (else it answers 500). */
let endpointUp = false;
const received: { type: string }[] = [];

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

async function send(request: APIRequestContext, method: 'POST' | 'PATCH', path: string, data: unknown, status: number) {
  const response = await request.fetch(path, { method, headers: auth(orgToken), data });
  expect(response.status(), `${method} ${path}: ${await response.text()}`).toBe(status);
  return response.json() as Promise<Record<string, unknown>>;
}

function pspCallback(request: APIRequestContext, body: string, key: string) {
  return request.post('/api/webhooks/psp/sandbox', {
    headers: { 'content-type': 'application/json', 'X-Sandbox-Signature': createHmac('sha256', key).update(body).digest('hex') },
    data: body,
  });
}

test.beforeAll(async ({ request }) => {
  const tag = uniqueTag();
  const superToken = await apiToken(request, SUPERADMIN);
  organisationName = `Support Spec ${tag}`;
  const organisation = await apiCreateOrganisation(request, superToken, organisationName, `SU${tag.toUpperCase()}`.slice(0, 20));
  orgadmin = { email: `support.${tag}@payrail.test`, password: 'E2e-Support-Pass1', name: 'Support Admin' };
  await apiCreateUser(request, superToken, { ...orgadmin, orgId: organisation.id, role: 'orgadmin' });
  orgToken = await apiToken(request, orgadmin);

  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      if (!endpointUp) return res.writeHead(500, { 'content-type': 'text/plain' }).end('merchant system down');
      received.push(JSON.parse(body) as { type: string });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;

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

  // The customer pays through the gateway; a forged callback is refused, the PSP's own is accepted.
  customerName = `Abena Support ${tag}`;
  const created = await send(
    request,
    'POST',
    '/api/payments',
    {
      amount: '75.00',
      currency: 'GHS',
      customerName,
      customerEmail: `abena.${tag}@example.com`,
      description: 'Water bill',
      processViaGateway: true,
    },
    201,
  );
  reference = String(created['reference']);
  const body = JSON.stringify({ event: 'payment.completed', reference, status: 'success' });
  expect((await pspCallback(request, body, 'sk_forged')).status()).toBe(401);
  expect((await pspCallback(request, body, SANDBOX_KEY)).status()).toBe(200);
  // The worker tries both events at once and again 5 s later: two failed attempts each.
  await expect
    .poll(
      async () => {
        const response = await request.get(`/api/payments/${reference}/timeline`, { headers: auth(orgToken) });
        const timeline = (await response.json()) as { deliveries: { attempts: unknown[] }[] };
        return timeline.deliveries.map((delivery) => delivery.attempts.length);
      },
      { timeout: 30_000, intervals: [1000] },
    )
    .toEqual([2, 2]);
});

test.afterAll(async () => {
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

function region(page: Page, name: string) {
  return page.getByRole('region', { name, exact: true });
}

/** Checks what a support person reads on the detail page before acting. */
async function expectTheStory(page: Page, superadmin: boolean): Promise<void> {
  await expect(screenHeading(page)).toHaveText(`Payment ${reference}`);
  const facts = region(page, 'Payment');
  await expect(facts.getByText(customerName)).toBeVisible();
  await expect(facts.getByRole('link', { name: 'Receipt' })).toBeVisible();
  if (superadmin) await expect(facts.getByText(organisationName, { exact: false })).toBeVisible();
  const timeline = region(page, 'Timeline');
  await expect(timeline.getByText(`Created in the console by ${orgadmin.name}`)).toBeVisible();
  await expect(timeline.getByText('Sandbox: ok', { exact: false })).toBeVisible();
  await expect(timeline.getByText('sandbox: rejected (HTTP 401)')).toBeVisible();
  await expect(timeline.getByText('Invalid signature.')).toBeVisible();
  await expect(timeline.getByText('sandbox: accepted (HTTP 200)')).toBeVisible();
  await expect(timeline.getByText('Pending → Success')).toBeVisible();
  await expect(timeline.getByText('HTTP 500', { exact: false }).first()).toBeVisible();
}

function delivery(page: Page, event: string) {
  return region(page, 'Webhook deliveries')
    .getByRole('listitem')
    .filter({ has: page.locator('.code-tag', { hasText: event }) });
}

test('orgadmin: find by customer name → detail → attempts and callbacks → resend a delivery', async ({ page }) => {
  await signIn(page, orgadmin, '/dashboard/payments');
  await expect(screenHeading(page)).toHaveText('All Payments');
  await page.getByRole('searchbox').fill(customerName);
  const row = page.getByRole('row').filter({ hasText: customerName });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(reference);
  // Every reference in the list links to its detail page; without the link the address is the same.
  const link = row.getByRole('link', { name: reference });
  if ((await link.count()) > 0) await link.click();
  else await page.goto(`/dashboard/payments/${reference}`);
  await expect(page).toHaveURL(new RegExp(`/dashboard/payments/${reference}$`));
  await expectTheStory(page, false);

  const created = delivery(page, 'payment.created');
  await expect(created.getByText('Retrying')).toBeVisible();
  await expect(created.getByText('merchant system down').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await saveScreen(page, 'payment-detail-orgadmin-1366-dark');

  endpointUp = true;
  await created.getByRole('button', { name: 'Resend payment.created' }).click();
  await expect(toast(page, 'success', 'Delivery queued again.')).toBeVisible();
  // The page looks again while the delivery is on its way: the third attempt is the endpoint's 200.
  await expect(created.getByText('Success', { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(created.getByText('HTTP 200')).toBeVisible();
  expect(received.map((event) => event.type)).toContain('payment.created');

  // The screen at a phone's width and in the light theme.
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
    await saveScreen(page, `payment-detail-orgadmin-${width}-${scheme}`);
  }
});

test("the page's head asks for the payment with the profile and names it in the heading, before any module loads", async ({ page }) => {
  const timelinePath = `/api/payments/${reference}/timeline`;
  const requested: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname === timelinePath || pathname === '/api/users/me' || pathname.endsWith('.js')) requested.push(pathname);
  });
  // The modules are held: what shows meanwhile is the page's own HTML.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/_astro/*.js', async (route) => {
    await held;
    await route.continue();
  });
  await signIn(page, orgadmin, `/dashboard/payments/${reference}`);
  await expect(screenHeading(page)).toHaveText(`Payment ${reference}`);
  const pageLoad = requested.slice(requested.indexOf('/api/users/me'));
  expect(pageLoad.slice(0, 2)).toEqual(['/api/users/me', timelinePath]);
  release();
  await expectTheStory(page, false);
  expect(
    requested.filter((path) => path === timelinePath),
    'the screen takes the head’s answer',
  ).toHaveLength(1);
  await expect(screenHeading(page)).toHaveCount(1);
});

test("a payment's heading is revealed only once it names the payment, even when the profile answers first", async ({ page }) => {
  const paymentPath = `/dashboard/payments/${reference}`;
  // Two parser-blocking scripts spliced into the page's HTML: one before the heading, held until the profile has
  // answered (so the answer comes before the heading is parsed), one after it, where the page is checked while the
  // parser waits. A heading revealed there with its slot still empty would paint "Payment " and then the reference.
  await page.route(`**${paymentPath}`, async (route) => {
    const original = await route.fetch();
    const html = (await original.text())
      .replace(`<section class="screen" ${EARLY_HEADING_ATTRIBUTE}`, `<script src="/__hold/before.js"></script>$&`)
      .replace(/(<section class="screen" [^>]*>[\s\S]*?<\/section>)/, '$1<script src="/__hold/after.js"></script>');
    expect(html, 'both scripts spliced in').toContain('/__hold/after.js');
    const { 'content-encoding': _encoding, 'content-length': _length, ...headers } = original.headers();
    await route.fulfill({ status: original.status(), headers, body: html });
  });
  const profileAnswered = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/users/me');
  await page.route('**/__hold/before.js', async (route) => {
    await profileAnswered;
    await page.waitForTimeout(300);
    await route.fulfill({ contentType: 'text/javascript', body: '' });
  });
  // Runs where the parser reaches it (the preload scanner may fetch it sooner): what a paint there would show.
  const record = `window.whileParsing = {
    marked: document.documentElement.hasAttribute('${SESSION_ROLE_ATTRIBUTE}'),
    named: [...document.querySelectorAll('[${PAGE_MATCH_ATTRIBUTE}]')].map((slot) => slot.textContent),
  };`;
  await page.route('**/__hold/after.js', (route) => route.fulfill({ contentType: 'text/javascript', body: record }));
  await signIn(page, orgadmin, paymentPath);
  await expect(screenHeading(page)).toHaveText(`Payment ${reference}`);
  const whileParsing = await page.evaluate(
    () => (window as unknown as { whileParsing?: { marked: boolean; named: string[] } }).whileParsing,
  );
  expect(whileParsing, 'the parser ran the script after the heading').toBeDefined();
  expect(whileParsing!.named.length, 'the heading was parsed').toBeGreaterThan(0);
  if (whileParsing!.marked)
    expect(whileParsing!.named, 'a revealed heading names the payment').toEqual(whileParsing!.named.map(() => reference));
});

test('superadmin: any organisation’s payment detail, and resend its delivery', async ({ page }) => {
  endpointUp = true;
  await signIn(page, SUPERADMIN, `/dashboard/payments/${reference}`);
  await expectTheStory(page, true);
  const succeeded = delivery(page, 'payment.succeeded');
  await expect(succeeded.getByText('Retrying')).toBeVisible();
  await succeeded.getByRole('button', { name: 'Resend payment.succeeded' }).click();
  await expect(toast(page, 'success', 'Delivery queued again.')).toBeVisible();
  await expect(succeeded.getByText('Success', { exact: true })).toBeVisible({ timeout: 20_000 });
  expect(received.map((event) => event.type)).toContain('payment.succeeded');
  await saveScreen(page, 'payment-detail-superadmin-1366-dark');

  // A reference that does not exist says so.
  await page.goto('/dashboard/payments/PAY-0000000000000000');
  await expect(page.getByText('Payment not found.')).toBeVisible();
});
