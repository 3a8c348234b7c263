// Issue 29's finance case: filter the payments list (the filters live in the URL), export the matching payments as
// CSV and compare the downloaded file with the API's rows — as an orgadmin and as a superadmin (every organisation,
// then one). Runs in organisations of its own so the demo data never matters.
import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { CSV_BOM, parseCsv } from '../../isomorphic/csv.ts';
import { SUPERADMIN, type Account } from './support/constants.ts';
import { saveScreen, screenHeading } from './support/console.ts';
import { apiCreateOrganisation, apiCreateUser, apiToken, signIn, uniqueTag } from './support/users-api.ts';

test.describe.configure({ mode: 'serial' });

let organisation: { id: number; name: string; code: string };
let otherOrganisation: { id: number; name: string; code: string };
let orgadmin: Account;
let orgadminToken: string;
let superToken: string;
let tag: string;

type Listed = {
  id: string;
  amount: string;
  currency: string;
  status: string;
  refundedAmount: string;
  customerName: string;
  organisationCode: string;
};

async function createPayment(
  request: APIRequestContext,
  token: string,
  payment: { amount: string; currency: string; name: string; paid?: boolean },
) {
  const response = await request.post('/api/payments', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      amount: payment.amount,
      currency: payment.currency,
      customerName: payment.name,
      customerEmail: `${
        payment.name
          .replace(/\W+/g, '.')
          .replace(/^\.|\.$/g, '')
          .toLowerCase() || 'x'
      }@example.test`,
      description: 'Finance spec',
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { id } = (await response.json()) as { id: string };
  if (payment.paid) {
    const paid = await request.patch(`/api/payments/${id}/mark-success`, { headers: { authorization: `Bearer ${token}` } });
    expect(paid.status()).toBe(200);
  }
  return id;
}

/** Every row the API lists for a query (pages of 100). */
async function apiRows(request: APIRequestContext, token: string, query: string): Promise<Listed[]> {
  const rows: Listed[] = [];
  for (let page = 1; ; page++) {
    const response = await request.get(`/api/payments?${query}&pageSize=100&page=${page}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status(), await response.text()).toBe(200);
    const { items } = (await response.json()) as { items: Listed[] };
    rows.push(...items);
    if (items.length < 100) return rows;
  }
}

/** Clicks Export CSV and returns the downloaded file's name and text. */
async function exportCsv(page: Page): Promise<{ name: string; text: string }> {
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  const file = await download.path();
  return { name: download.suggestedFilename(), text: readFileSync(file, 'utf8') };
}

/** The downloaded rows must be the API's, cell for cell where both show a value. */
function expectSameRows(text: string, listed: Listed[]) {
  expect(text.startsWith(CSV_BOM)).toBe(true);
  const [header, ...rows] = parseCsv(text);
  expect(header?.slice(0, 10)).toEqual([
    'Reference',
    'Receipt number',
    'Created at',
    'Paid at',
    'Status',
    'Amount',
    'Currency',
    'Refunded amount',
    'Refund state',
    'Customer name',
  ]);
  const neutralised = (name: string) => (/^[=+\-@\t\r]/.test(name) ? `'${name}` : name);
  expect(rows.map((row) => [row[0], row[4], row[5], row[6], row[7], row[9], row[15]])).toEqual(
    listed.map((item) => [
      item.id,
      item.status,
      item.amount,
      item.currency,
      item.refundedAmount,
      neutralised(item.customerName),
      item.organisationCode,
    ]),
  );
}

/** Screenshots at 360 and 1366 px wide, light and dark. */
async function screens(page: Page, name: string) {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    for (const width of [360, 1366]) {
      await page.setViewportSize({ width, height: 900 });
      await saveScreen(page, `${name}-${width}-${colorScheme}`);
    }
  }
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.setViewportSize({ width: 1366, height: 900 });
}

test.beforeAll(async ({ request }) => {
  tag = uniqueTag();
  superToken = await apiToken(request, SUPERADMIN);
  organisation = await apiCreateOrganisation(request, superToken, `Finance Spec ${tag}`, `FS${tag.toUpperCase()}`.slice(0, 20));
  otherOrganisation = await apiCreateOrganisation(request, superToken, `Finance Other ${tag}`, `FO${tag.toUpperCase()}`.slice(0, 20));
  orgadmin = { email: `finance.${tag}@payrail.test`, password: 'E2e-Finance-Pass1', name: 'Finance Admin' };
  await apiCreateUser(request, superToken, { ...orgadmin, orgId: organisation.id, role: 'orgadmin' });
  const otherAdmin = { email: `finance.other.${tag}@payrail.test`, password: 'E2e-Finance-Pass1', name: 'Other Admin' };
  await apiCreateUser(request, superToken, { ...otherAdmin, orgId: otherOrganisation.id, role: 'orgadmin' });
  orgadminToken = await apiToken(request, orgadmin);
  const otherToken = await apiToken(request, otherAdmin);
  const payments = [
    { amount: '1500.00', currency: 'GHS', name: `Ama Mensah ${tag}`, paid: true },
    { amount: '2400.50', currency: 'GHS', name: `=HYPERLINK("http://evil.test") ${tag}` },
    { amount: '1200.00', currency: 'GHS', name: `Kofi Mensah ${tag}` },
    { amount: '12.00', currency: 'GHS', name: `Abena Mensah ${tag}` },
    { amount: '3000.00', currency: 'USD', name: `Esi Mensah ${tag}` },
    { amount: '1800.00', currency: 'GHS', name: `Yaw Boateng ${tag}`, paid: true },
    { amount: '1100.00', currency: 'GHS', name: `+233 Mensah ${tag}` },
  ];
  for (const payment of payments) await createPayment(request, orgadminToken, payment);
  await createPayment(request, otherToken, { amount: '1700.00', currency: 'GHS', name: `Other Mensah ${tag}` });
});

test('orgadmin filters the list, the filters survive reload and Back, and the export matches the API', async ({ page, request }) => {
  await signIn(page, orgadmin, '/dashboard/payments');
  await expect(screenHeading(page)).toHaveText('All Payments');
  await expect(page.getByText('7 payments')).toBeVisible();

  await page.getByLabel('Currency', { exact: true }).selectOption('GHS');
  await expect(page).toHaveURL(/[?&]currency=GHS/);
  await page.getByLabel('Amount from', { exact: true }).fill('1000');
  await expect(page).toHaveURL(/[?&]amountMin=1000/);
  await page.getByLabel('Customer', { exact: true }).fill('mensah');
  await expect(page).toHaveURL(/[?&]customer=mensah/);
  await page.getByRole('checkbox', { name: 'Pending' }).check();
  await expect(page).toHaveURL(/[?&]status=Pending/);
  await expect(page.getByText('2 payments found')).toBeVisible();
  const table = page.getByRole('table', { name: 'Payments' });
  await expect(table.getByRole('link', { name: /^PAY-/ }).first()).toHaveAttribute('href', /^\/dashboard\/payments\/PAY-[0-9A-Z]{16}$/);

  await page.reload();
  await expect(page.getByText('2 payments found')).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Pending' })).toBeChecked();
  await expect(page.getByLabel('Customer', { exact: true })).toHaveValue('mensah');
  await page.goBack();
  await expect(page.getByRole('checkbox', { name: 'Pending' })).not.toBeChecked();
  await expect(page.getByText('3 payments found')).toBeVisible();
  await page.goForward();
  await expect(page.getByText('2 payments found')).toBeVisible();
  await screens(page, 'payments-finance-orgadmin');

  const exported = await exportCsv(page);
  const today = new Date().toISOString().slice(0, 10);
  expect(exported.name).toBe(`payments-${organisation.code}-start-${today}.csv`);
  const listed = await apiRows(request, orgadminToken, 'currency=GHS&amountMin=1000&customer=mensah&status=Pending');
  expect(listed).toHaveLength(2);
  expectSameRows(exported.text, listed);
  expect(exported.text).toContain(`'+233 Mensah ${tag}`);
});

test('superadmin lists every organisation, narrows to one, and exports what the API lists', async ({ page, request }) => {
  await signIn(page, SUPERADMIN, `/dashboard/payments?customer=${encodeURIComponent(tag)}`);
  await expect(page.getByText('Superadmin: read-only')).toBeVisible();
  await expect(page.getByText('8 payments found')).toBeVisible();
  const table = page.getByRole('table', { name: 'Payments' });
  await expect(table.getByText(otherOrganisation.code)).toBeVisible();
  await screens(page, 'payments-finance-superadmin');

  const everything = await exportCsv(page);
  expect(everything.name).toMatch(/^payments-all-start-\d{4}-\d\d-\d\d\.csv$/);
  expectSameRows(everything.text, await apiRows(request, superToken, `customer=${encodeURIComponent(tag)}`));

  await page.getByLabel('Organisation', { exact: true }).selectOption(String(otherOrganisation.id));
  await expect(page).toHaveURL(new RegExp(`[?&]organisationId=${otherOrganisation.id}`));
  await expect(page.getByText('1 payment found')).toBeVisible();
  const one = await exportCsv(page);
  expect(one.name).toMatch(new RegExp(`^payments-${otherOrganisation.code}-start-`));
  expectSameRows(
    one.text,
    await apiRows(request, superToken, `customer=${encodeURIComponent(tag)}&organisationId=${otherOrganisation.id}`),
  );
});
