// docs/console.md#screens Settings → Webhook Configuration: callback and notifier settings, Outbound Signing (Generate,
// header defaults), Public Checkout URL (fetch, copy, rotate), Public Record URL, Delivery Logs (test event,
// Resend), with docs/console.md#states (rotation kills the old URLs; empty when fetching fails) and #messages toasts. Events go to a
// receiver this spec runs on 127.0.0.1 (the e2e server allows private targets).
import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { SCREENS_DIR, SUPERADMIN, type Account } from './support/constants.ts';
import { expectNoSeriousA11yViolations, screenHeading, toast } from './support/console.ts';
import { apiCreateOrganisation, apiCreateUser, apiGetJson, apiToken, saveWholeScreen, signIn, uniqueTag } from './support/users-api.ts';

test.describe.configure({ mode: 'serial' });

const GREEN = 'rgb(52, 199, 123)'; // --success

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

let organisation: { id: number; name: string; code: string };
let orgadmin: Account;
let receiver: Server;
let receiverUrl: string;
const received: Received[] = [];

test.beforeAll(async ({ request }) => {
  const tag = uniqueTag();
  const superToken = await apiToken(request, SUPERADMIN);
  organisation = await apiCreateOrganisation(request, superToken, `Webhooks Spec ${tag}`, `WH${tag.toUpperCase()}`.slice(0, 20));
  orgadmin = { email: `webhooks.${tag}@payrail.test`, password: 'E2e-Webhooks-Pass1', name: 'Webhooks Admin' };
  await apiCreateUser(request, superToken, { ...orgadmin, orgId: organisation.id, role: 'orgadmin' });
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
});

test.afterAll(async () => {
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

function section(page: Page): Locator {
  return page.getByRole('region', { name: 'Webhook Configuration' });
}

function part(page: Page, title: string): Locator {
  return section(page).getByRole('region', { name: title });
}

async function openSettings(page: Page, account: Pick<Account, 'email' | 'password'>): Promise<void> {
  await signIn(page, account, '/dashboard/settings');
  await expect(screenHeading(page)).toHaveText('Settings');
  await expect(section(page).getByRole('heading', { level: 2, name: 'Webhook Configuration' })).toBeVisible();
}

test('orgadmin: settings, signing, test event, Resend, checkout and record URLs', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openSettings(page, orgadmin);
  for (const title of ['Callback & Notifier', 'Outbound Signing', 'Public Checkout URL', 'Public Record URL', 'Delivery Logs']) {
    await expect(part(page, title)).toBeVisible();
  }

  // Callback and notifier settings.
  const settings = part(page, 'Callback & Notifier');
  await expect(settings.getByLabel('Callback URL')).toHaveAttribute('type', 'url');
  await expect(settings.getByLabel('Notifier URL')).toHaveAttribute('type', 'url');
  await settings.getByLabel('Callback URL').fill('ftp://files.example/hooks');
  await settings.getByRole('button', { name: 'Save Webhook Settings' }).click();
  await expect(settings.getByText('Callback URL must be an http(s) URL.')).toBeVisible();
  await settings.getByLabel('Callback URL').fill(receiverUrl);
  const autoNotify = settings.getByRole('switch', { name: 'Auto-notify' });
  await expect(autoNotify).toHaveAttribute('aria-checked', 'false');
  await autoNotify.click();
  await settings.getByRole('button', { name: 'Save Webhook Settings' }).click();
  await expect(toast(page, 'success', 'Webhook settings saved successfully!')).toBeVisible();

  // Outbound Signing: defaults, Generate (not saved until saving), a server refusal, then a save.
  const signing = part(page, 'Outbound Signing');
  await expect(signing.getByLabel('Signature Header')).toHaveValue('X-Payrail-Signature');
  await expect(signing.getByLabel('Timestamp Header')).toHaveValue('X-Payrail-Timestamp');
  await signing.getByRole('button', { name: 'Generate' }).click();
  await expect(toast(page, 'success', 'Secret generated. Remember to save.')).toBeVisible();
  const secret = await signing.getByLabel('Webhook Secret', { exact: true }).inputValue();
  expect(secret).toMatch(/^whsec_[0-9a-f]{64}$/);
  await signing.getByRole('button', { name: 'Copy webhook secret' }).click();
  await expect(toast(page, 'success', 'Copied to clipboard')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  await signing.getByLabel('Timestamp Header').fill('X-Payrail-Signature');
  await signing.getByRole('button', { name: 'Save Security' }).click();
  await expect(toast(page, 'error', 'Failed to save webhook security.')).toContainText('must be different headers');
  await signing.getByLabel('Timestamp Header').fill('X-Payrail-Timestamp');
  await signing.getByRole('button', { name: 'Save Security' }).click();
  await expect(toast(page, 'success', 'Webhook security saved.')).toBeVisible();
  await expect(signing.getByLabel('Webhook Secret', { exact: true })).toHaveValue(`••••${secret.slice(-4)}`);

  // Both saves persist.
  await page.reload();
  await expect(part(page, 'Callback & Notifier').getByLabel('Callback URL')).toHaveValue(receiverUrl);
  await expect(part(page, 'Callback & Notifier').getByRole('switch', { name: 'Auto-notify' })).toHaveAttribute('aria-checked', 'true');
  await expect(part(page, 'Outbound Signing').getByLabel('Webhook Secret', { exact: true })).toHaveValue(`••••${secret.slice(-4)}`);

  // Delivery Logs: a test event reaches the receiver, signed with the saved secret, and shows Success.
  const deliveries = part(page, 'Delivery Logs');
  await expect(deliveries.getByText('No deliveries yet.')).toBeVisible();
  await deliveries.getByRole('button', { name: 'Send test event' }).click();
  await expect(toast(page, 'success', 'Test event queued for delivery.')).toBeVisible();
  const row = deliveries.getByRole('row').filter({ hasText: 'payment.test' });
  await expect(row).toHaveCount(1);
  await expect(row.locator('.badge')).toHaveText('Success', { timeout: 15_000 });
  await expect(row.locator('.badge')).toHaveCSS('color', GREEN);
  await expect(row.getByRole('cell').nth(3)).toHaveText('1');
  await expect(row.getByRole('cell').nth(4)).toHaveText('200');
  await expect(deliveries.getByRole('columnheader')).toHaveText(['Time', 'Event', 'Status', 'Attempt', 'Response Code', 'Actions']);
  expect(received).toHaveLength(1);
  const [first] = received;
  const timestamp = String(first?.headers['x-payrail-timestamp']);
  expect(JSON.parse(first?.body ?? '{}')).toMatchObject({ type: 'payment.test' });
  expect(first?.headers['x-payrail-signature']).toBe(
    createHmac('sha256', secret)
      .update(`${timestamp}.${first?.body ?? ''}`)
      .digest('hex'),
  );

  // Resend delivers the same event again (same webhook-id).
  await row.getByRole('button', { name: /^Resend/ }).click();
  await expect(toast(page, 'success', 'Delivery queued again.')).toBeVisible();
  await expect.poll(() => received.length, { timeout: 15_000 }).toBe(2);
  expect(received[1]?.headers['webhook-id']).toBe(first?.headers['webhook-id']);
  await expect(row.locator('.badge')).toHaveText('Success', { timeout: 15_000 });

  // Public Checkout URL: fetch, copy, rotate (the old page is gone), and the Record URL rotates with it.
  const checkout = part(page, 'Public Checkout URL');
  const record = part(page, 'Public Record URL');
  await expect(checkout.getByLabel('Checkout URL', { exact: true })).toHaveValue('');
  await checkout.getByRole('button', { name: 'Fetch Checkout URL' }).click();
  await expect(toast(page, 'success', 'Checkout URL fetched.')).toBeVisible();
  const oldCheckout = await checkout.getByLabel('Checkout URL', { exact: true }).inputValue();
  expect(oldCheckout).toMatch(/\/pay\/[A-Za-z0-9_-]+$/);
  await checkout.getByRole('button', { name: 'Copy Checkout URL' }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(oldCheckout);
  await record.getByRole('button', { name: 'Fetch Record URL' }).click();
  await expect(toast(page, 'success', 'Record URL fetched.')).toBeVisible();
  const oldRecord = await record.getByLabel('Record URL', { exact: true }).inputValue();
  expect(oldRecord).toMatch(/\/api\/payment\/record\//);
  await record.getByRole('button', { name: 'Copy Record URL' }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(oldRecord);

  await saveWholeScreen(page, 'settings-webhooks-orgadmin');
  await section(page).screenshot({ path: `${SCREENS_DIR}/settings-webhooks-section-orgadmin.png` });
  await checkout.getByRole('button', { name: 'Rotate' }).click();
  const dialog = page.getByRole('dialog', { name: 'Rotate checkout URL' });
  await expect(dialog).toContainText('stop working at once');
  await dialog.getByRole('button', { name: 'Rotate' }).click();
  await expect(toast(page, 'success', 'Checkout URL rotated.')).toBeVisible();
  await expect(checkout.getByLabel('Checkout URL', { exact: true })).not.toHaveValue(oldCheckout);
  await expect(record.getByLabel('Record URL', { exact: true })).not.toHaveValue(oldRecord);
  const newCheckout = await checkout.getByLabel('Checkout URL', { exact: true }).inputValue();
  expect(newCheckout).toMatch(/\/pay\/[A-Za-z0-9_-]+$/);
  expect((await page.request.get(new URL(oldCheckout).pathname)).status()).toBe(404);
  expect((await page.request.get(new URL(newCheckout).pathname)).status()).toBe(200);
  await expectNoSeriousA11yViolations(page, '/dashboard/settings (orgadmin, webhook configuration)');
});

test("superadmin: acts on the chosen organisation's webhook configuration; a failed fetch leaves the URL empty", async ({ page }) => {
  await openSettings(page, SUPERADMIN);
  await page.getByRole('main').getByLabel('Organisation', { exact: true }).selectOption({ label: organisation.name });
  await expect(part(page, 'Callback & Notifier').getByLabel('Callback URL')).toHaveValue(receiverUrl);
  await expect(part(page, 'Delivery Logs').getByRole('row').filter({ hasText: 'payment.test' })).toHaveCount(1);

  const settings = part(page, 'Callback & Notifier');
  await settings.getByLabel('Notifier URL').fill(`${receiverUrl}/notifier`);
  await settings.getByRole('button', { name: 'Save Webhook Settings' }).click();
  await expect(toast(page, 'success', 'Webhook settings saved successfully!')).toBeVisible();
  const orgToken = await apiToken(page.request, orgadmin);
  const stored = await apiGetJson<{ notifierUrl: string | null }>(
    page.request,
    orgToken,
    '/api/organisations/my-organisation/webhook-config',
  );
  expect(stored.notifierUrl).toBe(`${receiverUrl}/notifier`);

  const checkout = part(page, 'Public Checkout URL');
  await checkout.getByRole('button', { name: 'Fetch Checkout URL' }).click();
  await expect(toast(page, 'success', 'Checkout URL fetched.')).toBeVisible();
  const own = await apiGetJson<{ url: string }>(page.request, orgToken, '/api/organisations/my-organisation/checkout-url');
  await expect(checkout.getByLabel('Checkout URL', { exact: true })).toHaveValue(own.url);

  // When fetching fails the field is emptied (docs/console.md#states).
  await page.route('**/api/organisations/*/checkout-url', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: '{"statusCode":500,"error":"Internal Server Error","message":"Boom"}',
    }),
  );
  await checkout.getByRole('button', { name: 'Fetch Checkout URL' }).click();
  await expect(toast(page, 'error', 'Failed to fetch checkout URL.')).toBeVisible();
  await expect(checkout.getByLabel('Checkout URL', { exact: true })).toHaveValue('');
  await page.unroute('**/api/organisations/*/checkout-url');

  const signing = part(page, 'Outbound Signing');
  await signing.getByRole('button', { name: 'Generate' }).click();
  await expect(toast(page, 'success', 'Secret generated. Remember to save.')).toBeVisible();
  await saveWholeScreen(page, 'settings-webhooks-superadmin');
  await section(page).screenshot({ path: `${SCREENS_DIR}/settings-webhooks-section-superadmin.png` });
  await expectNoSeriousA11yViolations(page, '/dashboard/settings (superadmin, webhook configuration)');
});
