// docs/console.md#screens System Logs: API Logs (superadmin) and Webhook Logs with the Organisation filter ('All (unfiltered)'
// or one organisation, the first by default), page-size selectors that go back to page 1, and webhook
// statuses green (accepted, success, ok) or amber. The logs come from real traffic: this spec's own
// organisation takes payments through the built-in Sandbox PSP and the server logs each PSP callback.
import { createHmac } from 'node:crypto';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { sandboxEntry } from '../../server/db/provider-catalogue.ts';
import { BASE_URL, SUPERADMIN, type Account } from './support/constants.ts';
import { expectNoSeriousA11yViolations, screenHeading } from './support/console.ts';
import { apiCreateOrganisation, apiCreateUser, apiToken, saveWholeScreen, signIn, uniqueTag } from './support/users-api.ts';

test.describe.configure({ mode: 'serial' });

const GREEN = 'rgb(52, 199, 123)'; // --success
const AMBER = 'rgb(242, 169, 59)'; // --warning
const SANDBOX_KEY = 'sk_sandbox_system_logs_spec';
const ACCEPTED = 7;
const FORGED = 5;
const CALLBACKS = ACCEPTED + FORGED; // more than one page of 10
const STRAYS = 3;

let organisation: { id: number; name: string; code: string };
let orgadmin: Account;

async function post(request: APIRequestContext, token: string, path: string, data: unknown) {
  const response = await request.post(path, { data, headers: { authorization: `Bearer ${token}` } });
  expect(response.ok(), `POST ${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as Record<string, unknown>;
}

/** Sends the Sandbox PSP's callback for a payment, signed with `key`; the server logs it either way. */
async function callback(request: APIRequestContext, reference: string, key: string): Promise<number> {
  const raw = JSON.stringify({ event: 'payment.completed', reference, status: 'success' });
  const response = await request.post('/api/webhooks/psp/sandbox', {
    headers: { 'content-type': 'application/json', 'X-Sandbox-Signature': createHmac('sha256', key).update(raw).digest('hex') },
    data: raw,
  });
  return response.status();
}

test.beforeAll(async ({ request }) => {
  const tag = uniqueTag();
  const superToken = await apiToken(request, SUPERADMIN);
  organisation = await apiCreateOrganisation(request, superToken, `Logs Spec ${tag}`, `LS${tag.toUpperCase()}`.slice(0, 20));
  orgadmin = { email: `logs.${tag}@payrail.test`, password: 'E2e-Logs-Pass1', name: 'Logs Admin' };
  await apiCreateUser(request, superToken, { ...orgadmin, orgId: organisation.id, role: 'orgadmin' });
  const token = await apiToken(request, orgadmin);
  await post(request, token, '/api/organisations/my-organisation/gateways', {
    name: 'Sandbox',
    provider: 'sandbox',
    secretKey: SANDBOX_KEY,
    webhookSecret: SANDBOX_KEY,
    config: sandboxEntry(BASE_URL).sampleConfig,
  });
  for (let i = 0; i < CALLBACKS; i++) {
    const payment = await post(request, token, '/api/payments', {
      amount: `${10 + i}.00`,
      customerName: 'Ama Logs',
      customerEmail: 'ama.logs@example.test',
      description: `Logs order ${i}`,
      processViaGateway: true,
    });
    const reference = String(payment['id']);
    // The first ACCEPTED payments get a good signature (accepted), the rest a forged one (rejected, 401).
    expect(await callback(request, reference, i < ACCEPTED ? SANDBOX_KEY : 'sk_forged')).toBe(i < ACCEPTED ? 200 : 401);
  }
  // Callbacks for payments nobody has belong to no organisation: only 'All (unfiltered)' shows them.
  for (let i = 0; i < STRAYS; i++) expect(await callback(request, `PAY-NOBODY${tag.toUpperCase()}${i}`, 'sk_any')).toBe(404);
});

function panel(page: Page, title: 'API Logs' | 'Webhook Logs'): Locator {
  return page.getByRole('region', { name: title });
}

function bodyRows(section: Locator): Locator {
  return section.getByRole('table').locator('tbody tr');
}

async function expectColumns(section: Locator, headers: string[]): Promise<void> {
  await expect(section.getByRole('columnheader')).toHaveText(headers);
}

/** Checks a status badge's colour: green for accepted, amber for rejected. */
async function expectStatusColours(section: Locator): Promise<void> {
  const accepted = section.locator('tbody .badge', { hasText: /^accepted$/ }).first();
  const rejected = section.locator('tbody .badge', { hasText: /^rejected$/ }).first();
  await expect(accepted).toHaveCSS('color', GREEN);
  await expect(rejected).toHaveCSS('color', AMBER);
}

/** Next, then a new page size: back on page 1 with more rows. */
async function expectPagingResets(section: Locator, sizeLabel: string, total: number): Promise<void> {
  const pager = section.getByRole('navigation', { name: 'Pagination' });
  await expect(pager).toContainText(`1–10 of ${total}`);
  await expect(bodyRows(section)).toHaveCount(10);
  await pager.getByRole('button', { name: 'Next' }).click();
  await expect(pager).toContainText(`Page 2 of ${Math.ceil(total / 10)}`);
  await expect(bodyRows(section)).toHaveCount(Math.min(10, total - 10));
  await section.getByLabel(sizeLabel).selectOption('25');
  await expect(pager).toContainText(`Page 1 of ${Math.ceil(total / 25)}`);
  await expect(pager).toContainText(`1–${Math.min(25, total)} of ${total}`);
  await expect(bodyRows(section)).toHaveCount(Math.min(25, total));
}

test('superadmin: API Logs and Webhook Logs with the organisation filter, paging and status colours', async ({ page }) => {
  await signIn(page, SUPERADMIN, '/dashboard/system-logs');
  await expect(screenHeading(page)).toHaveText('System Logs');

  const api = panel(page, 'API Logs');
  await expectColumns(api, ['Timestamp', 'Method', 'Endpoint', 'Status']);
  await expect(bodyRows(api)).toHaveCount(10);
  for (const endpoint of await bodyRows(api).locator('td:nth-child(3)').allTextContents()) expect(endpoint).toMatch(/^\/api\//);
  const apiPager = api.getByRole('navigation', { name: 'Pagination' });
  const apiTotal = Number(/of (\d+)\s*$/.exec((await apiPager.locator('[aria-live]').textContent()) ?? '')?.[1]);
  expect(apiTotal).toBeGreaterThan(CALLBACKS);
  await apiPager.getByRole('button', { name: 'Next' }).click();
  await expect(apiPager).toContainText('Page 2 of');
  await api.getByLabel('API logs per page').selectOption('50');
  await expect(apiPager).toContainText('Page 1 of');
  // More requests arrive meanwhile (this page's own), so only "more than one page of 10" is certain.
  await expect.poll(() => bodyRows(api).count()).toBeGreaterThan(Math.min(apiTotal, 10));

  const hooks = panel(page, 'Webhook Logs');
  const filter = hooks.getByLabel('Organisation');
  await expect(filter).toBeEnabled();
  // The first option is 'All (unfiltered)'; the organisations follow, and the first of them is chosen.
  await expect(filter.locator('option').first()).toHaveText('All (unfiltered)');
  const firstOrganisation = await filter.locator('option').nth(1).getAttribute('value');
  await expect(filter).toHaveValue(firstOrganisation ?? 'missing');

  await filter.selectOption({ label: organisation.name });
  await expect(hooks.getByRole('navigation', { name: 'Pagination' })).toContainText(`of ${CALLBACKS}`);
  await expectColumns(hooks, ['Timestamp', 'Status', 'Provider']);
  await expect(bodyRows(hooks).first().getByRole('cell').nth(2)).toHaveText('sandbox');
  await expectStatusColours(hooks);
  await saveWholeScreen(page, 'system-logs-superadmin');
  await expectPagingResets(hooks, 'Webhook logs per page', CALLBACKS);

  await filter.selectOption({ label: 'All (unfiltered)' });
  const hooksPager = hooks.getByRole('navigation', { name: 'Pagination' });
  await expect(hooksPager).toContainText('Page 1 of');
  // The size chosen above stays; callbacks of other organisations and of none count too.
  const shownTotal = async () => Number(/of (\d+)\s*$/.exec((await hooksPager.locator('[aria-live]').textContent()) ?? '')?.[1]);
  await expect.poll(shownTotal).toBeGreaterThanOrEqual(CALLBACKS + STRAYS);
  const allTotal = await shownTotal();
  await expect(bodyRows(hooks)).toHaveCount(Math.min(25, allTotal));
  await expect(hooks.locator('tbody .badge', { hasText: /^rejected$/ }).first()).toHaveCSS('color', AMBER);
  await expectNoSeriousA11yViolations(page, '/dashboard/system-logs as superadmin (with rows)');
});

test("orgadmin: only the organisation's own Webhook Logs, paged, with status colours", async ({ page }) => {
  await signIn(page, orgadmin, '/dashboard/system-logs');
  await expect(screenHeading(page)).toHaveText('System Logs');
  await expect(panel(page, 'API Logs')).toHaveCount(0);
  const hooks = panel(page, 'Webhook Logs');
  await expect(hooks.getByLabel('Organisation')).toHaveCount(0);
  await expectColumns(hooks, ['Timestamp', 'Status', 'Provider']);
  await expect(bodyRows(hooks)).toHaveCount(10);
  await expectStatusColours(hooks);
  await saveWholeScreen(page, 'system-logs-orgadmin');
  await expectPagingResets(hooks, 'Webhook logs per page', CALLBACKS);
  await expect(hooks.locator('tbody .badge', { hasText: /^accepted$/ })).toHaveCount(ACCEPTED);
  await expect(hooks.locator('tbody .badge', { hasText: /^rejected$/ })).toHaveCount(FORGED);
  await expectNoSeriousA11yViolations(page, '/dashboard/system-logs as orgadmin (with rows)');
});
