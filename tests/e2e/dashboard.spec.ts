// docs/console.md#screens Dashboard (both roles, 'Loading Dashboard...' for any other role), #constants currency display (GHS, en-GH,
// missing = 0); chart.js loads with the dashboard only, never on /login.
import { expect, test, type Page } from '@playwright/test';
import { SUPERADMIN } from './support/constants.ts';
import { expectNoSeriousA11yViolations, screenHeading } from './support/console.ts';
import { createDashboardOrganisation, type DashboardOrganisation } from './support/dashboard-data.ts';
import { saveWholeScreen, signIn } from './support/users-api.ts';

test.describe.configure({ mode: 'serial' });

let data: DashboardOrganisation;

test.beforeAll(async ({ request }) => {
  data = await createDashboardOrganisation(request, 'Dashboard Spec');
});

const card = (page: Page, label: string) =>
  page.locator('.stat-card').filter({ has: page.getByRole('heading', { name: label, exact: true }) });

test('orgadmin sees four cards in Ghana cedi format, the Daily Volume line chart and the Gateway Usage doughnut', async ({ page }) => {
  const chartCode = page.waitForResponse((response) => /\/_astro\/charts\.[\w-]+\.js$/.test(response.url()));
  await signIn(page, data.orgadmin, '/dashboard');
  await expect(screenHeading(page)).toHaveText('Dashboard');
  await expect(card(page, 'Total Volume').locator('.stat-card__value')).toHaveText('GH₵277.50');
  await expect(card(page, 'Total Volume').locator('.stat-card__extra')).toHaveText('+ US$10.00');
  await expect(card(page, 'Success Volume').locator('.stat-card__value')).toHaveText('GH₵150.00');
  await expect(card(page, 'Pending Volume').locator('.stat-card__value')).toHaveText('GH₵127.50');
  await expect(card(page, 'Failed Volume').locator('.stat-card__value')).toHaveText('GH₵0.00');
  // Refunds and cancellations: net volume is the Success volume less what was refunded (nothing here).
  await expect(card(page, 'Net Volume').locator('.stat-card__value')).toHaveText('GH₵150.00');
  await expect(card(page, 'Refunded').locator('.stat-card__value')).toHaveText('GH₵0.00');
  await expect(card(page, 'Cancelled Volume').locator('.stat-card__value')).toHaveText('GH₵0.00');
  await expect(page.locator('.stat-card')).toHaveCount(7);

  await expect(page.getByRole('heading', { name: 'Daily Volume' })).toBeVisible();
  await expect(
    page.getByRole('img', { name: /^Daily Volume over the last 30 days: GH₵277\.50 in total, US\$10\.00 in total\.$/ }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Gateway Usage' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Gateway Usage: No gateway 15.' })).toBeVisible();
  await chartCode; // chart.js arrived as its own lazy chunk
  // chart.js has drawn: it sizes the canvases to their frames.
  for (const name of [/^Daily Volume/, /^Gateway Usage/]) {
    await expect
      .poll(async () => page.getByRole('img', { name }).evaluate((canvas: HTMLCanvasElement) => canvas.width))
      .toBeGreaterThan(100);
  }
  await saveWholeScreen(page, 'dashboard-orgadmin');
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    for (const width of [360, 1366]) {
      await page.setViewportSize({ width, height: 900 });
      await saveWholeScreen(page, `dashboard-orgadmin-${width}-${colorScheme}`);
    }
  }
  await page.setViewportSize({ width: 1366, height: 900 });
  await expectNoSeriousA11yViolations(page, '/dashboard as orgadmin (charts drawn)');
});

test('superadmin sees the platform cards and Volume by Organisation', async ({ page }) => {
  await signIn(page, SUPERADMIN, '/dashboard');
  await expect(screenHeading(page)).toHaveText('Dashboard');
  for (const label of [
    'Total Organisations',
    'Total Transactions',
    'Total Volume',
    'Gateway Integrations',
    'Success Volume',
    'Pending Volume',
    'Failed Volume',
    'Net Volume',
    'Refunded',
    'Cancelled Volume',
  ]) {
    await expect(card(page, label)).toBeVisible();
  }
  await expect(page.locator('.stat-card')).toHaveCount(10);
  await expect(card(page, 'Total Organisations').locator('.stat-card__value')).toHaveText(/^[1-9][\d,]*$/);
  await expect(card(page, 'Total Transactions').locator('.stat-card__value')).toHaveText(/^[1-9][\d,]*$/);
  await expect(card(page, 'Total Volume').locator('.stat-card__value')).toHaveText(/^GH₵[\d,]+\.\d{2}$/);
  await expect(card(page, 'Success Volume').locator('.stat-card__value')).toHaveText(/^GH₵[\d,]+\.\d{2}$/);
  const list = page.getByRole('region', { name: 'Volume by Organisation' });
  await expect(list.getByRole('heading', { name: 'Volume by Organisation' })).toBeVisible();
  const ours = list.getByRole('listitem').filter({ hasText: data.organisation.name });
  // One entry per organisation, with its total in each currency.
  await expect(ours).toHaveCount(1);
  await expect(ours.locator('.org-volume-list__total')).toHaveText(['GH₵277.50', 'US$10.00']);
  await expect(page.getByRole('heading', { name: 'Daily Volume' })).toHaveCount(0);
  await saveWholeScreen(page, 'dashboard-superadmin');
  await expectNoSeriousA11yViolations(page, '/dashboard as superadmin');
});

test("any other role sees only 'Loading Dashboard...'", async ({ page }) => {
  await page.route('**/api/users/me', async (route) => {
    const response = await route.fetch();
    const user = (await response.json()) as Record<string, unknown>;
    await route.fulfill({ response, json: { ...user, role: 'viewer' } });
  });
  await signIn(page, data.orgadmin, '/dashboard');
  await expect(page.getByText('Loading Dashboard...', { exact: true })).toBeVisible();
  await expect(page.locator('.stat-card')).toHaveCount(0);
});

test('dashboard failures are only logged: the cards stay at zero', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.route('**/api/dashboard/**', (route) =>
    route.fulfill({ status: 500, json: { statusCode: 500, error: 'Internal Server Error', message: 'boom' } }),
  );
  await signIn(page, data.orgadmin, '/dashboard');
  await expect(card(page, 'Total Volume').locator('.stat-card__value')).toHaveText('GH₵0.00');
  await expect(card(page, 'Failed Volume').locator('.stat-card__value')).toHaveText('GH₵0.00');
  await expect(page.locator('.toast')).toHaveCount(0);
  await expect.poll(() => errors.some((text) => text.includes('Dashboard figure failed to load'))).toBe(true);
});

test('the login page never loads chart.js', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((url) => /charts\.|chart\.js|chart\.esm/i.test(url))).toEqual([]);
});
