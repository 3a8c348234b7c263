// docs/console.md#screens AI Analyst (question box, 'AI Summary', results table paged on the client), #messages 'Failed to get AI summary.'.
import { expect, test, type Page } from '@playwright/test';
import { SUPERADMIN } from './support/constants.ts';
import { expectNoSeriousA11yViolations, screenHeading, toast } from './support/console.ts';
import { createDashboardOrganisation, type DashboardOrganisation } from './support/dashboard-data.ts';
import { saveWholeScreen, signIn } from './support/users-api.ts';

test.describe.configure({ mode: 'serial' });

let data: DashboardOrganisation;

test.beforeAll(async ({ request }) => {
  data = await createDashboardOrganisation(request, 'Analyst Spec');
});

const results = (page: Page) => page.getByRole('table', { name: 'Matching payments' });

async function ask(page: Page, question: string) {
  await page.getByLabel('Ask a question').fill(question);
  await page.getByRole('button', { name: 'Ask', exact: true }).click();
}

test('orgadmin asks a question: AI Summary and the matching payments paged on the client', async ({ page }) => {
  await signIn(page, data.orgadmin, '/dashboard/ai-reporting');
  await expect(screenHeading(page)).toHaveText('AI Analyst');
  await expect(page.getByRole('heading', { name: 'AI Summary' })).toBeVisible();
  await ask(page, `Payments from ${data.pagingCustomer}`);
  const summary = page.locator('.ai-summary');
  await expect(summary).toHaveText(
    `Found 12 payments, worth GH₵78.00 in total. Counted: payments of every status from ${data.pagingCustomer}, all time, ${data.organisation.name}, every currency, each on its own.`,
  );
  await expect(results(page).getByRole('columnheader')).toHaveText(['Reference ID', 'Amount', 'Status', 'Customer']);
  await expect(results(page).locator('tbody tr')).toHaveCount(10);
  await expect(results(page).locator('tbody tr').first()).toContainText('GH₵12.00');
  await expect(results(page).locator('tbody tr').first()).toContainText('Pending');
  await expect(page.getByText('1–10 of 12')).toBeVisible();
  let requests = 0;
  page.on('request', (request) => {
    if (request.url().includes('/api/ai/query')) requests++;
  });
  await page.getByRole('button', { name: /Next/ }).click();
  await expect(results(page).locator('tbody tr')).toHaveCount(2);
  await expect(page.getByText('11–12 of 12')).toBeVisible();
  expect(requests, 'paging happens in the browser').toBe(0);
  await saveWholeScreen(page, 'ai-reporting-orgadmin');
  await expectNoSeriousA11yViolations(page, '/dashboard/ai-reporting with an answer');

  await page.getByRole('button', { name: 'Breakdown by status' }).click();
  await expect(summary).toHaveText(
    `By status (number of payments): Pending: 14 payments; Success: 1 payment. Counted: payments of every status, all time, ${data.organisation.name}, every currency, each on its own.`,
  );
  await expect(page.getByRole('table', { name: 'Breakdown' }).locator('tbody tr')).toHaveCount(3);
});

test('an unreadable question gets example questions, not an error', async ({ page }) => {
  await signIn(page, data.orgadmin, '/dashboard/ai-reporting');
  await ask(page, 'what is the meaning of life');
  await expect(page.locator('.ai-summary')).toContainText('I could not work out what to look for in that question.');
  await expect(page.locator('.toast--error')).toHaveCount(0);
});

test("a failure shows 'Failed to get AI summary.'", async ({ page }) => {
  await page.route('**/api/ai/query', (route) =>
    route.fulfill({ status: 500, json: { statusCode: 500, error: 'Internal Server Error', message: 'boom' } }),
  );
  await signIn(page, data.orgadmin, '/dashboard/ai-reporting');
  await ask(page, 'How many payments failed last week?');
  await expect(toast(page, 'error', 'Failed to get AI summary.')).toBeVisible();
});

test('superadmin asks about one chosen organisation', async ({ page }) => {
  await signIn(page, SUPERADMIN, '/dashboard/ai-reporting');
  await expect(screenHeading(page)).toHaveText('AI Analyst');
  const picker = page.getByLabel('Organisation');
  await expect(picker.locator('option', { hasText: data.organisation.name })).toHaveCount(1);
  await picker.selectOption({ label: data.organisation.name });
  // Customers are ranked by what they paid: only Ama Serwaa's payment succeeded.
  await ask(page, 'Top 2 customers by amount');
  await expect(page.locator('.ai-summary')).toHaveText(
    `The customer with the highest amount (in each currency on its own): Ama Serwaa: GH₵150.00. Counted: successful payments, all time, ${data.organisation.name}, every currency, each on its own.`,
  );
  await saveWholeScreen(page, 'ai-reporting-superadmin');
});
