// docs/console.md#screens Payments ('All Payments'), #states (status colours, Mark as paid), #validation (Create payment), #calls (invoice and
// receipt links), docs/console.md#messages payment toasts. Runs in its own organisation so the demo data never matters.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { SUPERADMIN, type Account } from './support/constants.ts';
import { expectNoSeriousA11yViolations, saveScreen, screenHeading, toast } from './support/console.ts';
import { apiCreateOrganisation, apiCreateUser, apiToken, signIn, uniqueTag } from './support/users-api.ts';

test.describe.configure({ mode: 'serial' });

const DANGER = 'rgb(255, 123, 128)'; // --danger-on-soft: the failed colour of a status badge
const SUCCESS = 'rgb(52, 199, 123)'; // --success

let organisation: { id: number; name: string; code: string };
let orgadmin: Account;
const customer = { name: 'Kofi Mensah', email: 'kofi.mensah@example.test' };

test.beforeAll(async ({ request }) => {
  const tag = uniqueTag();
  const superToken = await apiToken(request, SUPERADMIN);
  organisation = await apiCreateOrganisation(request, superToken, `Payments Spec ${tag}`, `PS${tag.toUpperCase()}`.slice(0, 20));
  orgadmin = { email: `payments.${tag}@payrail.test`, password: 'E2e-Payments-Pass1', name: 'Payments Admin' };
  await apiCreateUser(request, superToken, { ...orgadmin, orgId: organisation.id, role: 'orgadmin' });
});

function paymentsTable(page: Page): Locator {
  return page.getByRole('table', { name: 'Payments' });
}

function rowOf(page: Page, text: string): Locator {
  return paymentsTable(page).getByRole('row').filter({ hasText: text });
}

async function openCreate(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Create Payment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Payment' });
  await expect(dialog.getByLabel('Currency')).toHaveValue('GHS');
  return dialog;
}

async function fill(dialog: Locator, amount: string, description: string): Promise<void> {
  await dialog.getByLabel('Amount').fill(amount);
  await dialog.getByLabel('Customer Name').fill(customer.name);
  await dialog.getByLabel('Customer Email').fill(customer.email);
  await dialog.getByLabel('Description').fill(description);
}

test('orgadmin creates a payment, previews its invoice, marks it paid and copies the receipt link', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page, orgadmin, '/dashboard/payments');
  await expect(screenHeading(page)).toHaveText('All Payments');
  await expect(page.getByText('No payments yet.')).toBeVisible();
  await expect(page.getByText('Superadmin: read-only')).toHaveCount(0);

  const dialog = await openCreate(page);
  await expect(dialog.getByLabel('Currency').locator('option')).toHaveText(['GHS', 'USD']);
  await expect(dialog.getByLabel('Customer Email')).toHaveAttribute('type', 'email');
  await expect(dialog.getByLabel('Bank checkout')).toHaveCount(0);
  await dialog.getByLabel('Process via gateway').check();
  await expect(dialog.getByLabel('Bank checkout')).toBeVisible();
  await saveScreen(page, 'payments-create-modal');
  await dialog.getByLabel('Process via gateway').uncheck();
  await expect(dialog.getByLabel('Bank checkout')).toHaveCount(0);

  await fill(dialog, '12.50', 'E2E invoice');
  const posted = page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/payments');
  await dialog.getByRole('button', { name: 'Create Payment' }).click();
  expect((await posted).postDataJSON()).toEqual({
    amount: '12.50',
    currency: 'GHS',
    customerName: customer.name,
    customerEmail: customer.email,
    description: 'E2E invoice',
  });
  await expect(toast(page, 'success', 'Payment created successfully.')).toBeVisible();
  await expect(dialog).toBeHidden();

  await expect(paymentsTable(page).getByRole('columnheader')).toHaveText([
    'Reference ID',
    'Receipt No.',
    'Amount',
    'Status',
    'Customer',
    'Date',
    'Actions',
  ]);
  const row = rowOf(page, customer.email);
  await expect(row).toHaveCount(1);
  const reference = (await row.locator('.code-tag').textContent())?.trim() ?? '';
  expect(reference).toMatch(/^PAY-[0-9A-Z]{16}$/);
  await expect(row).toContainText('GH₵12.50');
  const status = row.getByText('Pending', { exact: true });
  await expect(status).toHaveCSS('color', DANGER);
  await expect(row.getByRole('button', { name: /^Send/ })).toBeVisible();
  await expect(row.getByRole('button', { name: /^View receipt/ })).toHaveCount(0);
  await saveScreen(page, 'payments-orgadmin');

  // Invoice preview: a 60vh frame of the invoice page, with print/save, new-tab and download links.
  await row.getByRole('button', { name: /^View invoice/ }).click();
  const invoice = page.getByRole('dialog', { name: `Invoice ${reference}` });
  const frame = invoice.locator('iframe');
  await expect(frame).toHaveAttribute('src', `/receipts/invoice/${reference}`);
  const viewport = page.viewportSize();
  const box = await frame.boundingBox();
  expect(Math.round(box?.height ?? 0)).toBe(Math.round((viewport?.height ?? 0) * 0.6));
  await expect(invoice.getByRole('link', { name: 'Print / Save PDF' })).toHaveAttribute('href', `/receipts/invoice/${reference}.pdf`);
  await expect(invoice.getByRole('link', { name: 'Open in new tab' })).toHaveAttribute('href', `/receipts/invoice/${reference}`);
  await expect(invoice.getByRole('link', { name: 'Open in new tab' })).toHaveAttribute('target', '_blank');
  const download = invoice.getByRole('link', { name: 'Download PDF' });
  await expect(download).toHaveAttribute('href', `/receipts/invoice/${reference}.pdf`);
  await expect(download).toHaveAttribute('download', `invoice-${reference}.pdf`);
  await saveScreen(page, 'payments-invoice-preview');
  await invoice.getByRole('button', { name: 'Close' }).click();
  await expect(invoice).toBeHidden();

  // Mark as paid: confirmed, then Success (green) with a receipt number and the receipt actions.
  await row.getByRole('button', { name: /^Mark as paid/ }).click();
  const confirm = page.getByRole('dialog', { name: 'Mark as paid' });
  await expect(confirm).toContainText(reference);
  await confirm.getByRole('button', { name: 'Mark as paid' }).click();
  await expect(toast(page, 'success', 'Payment marked as paid.')).toBeVisible();
  await expect(row.getByText('Success', { exact: true })).toHaveCSS('color', SUCCESS);
  await expect(row).toContainText(`${organisation.code}-`);
  await expect(row.getByRole('button', { name: /^Mark as paid/ })).toHaveCount(0);
  await expect(row.getByRole('button', { name: /^View invoice/ })).toHaveCount(0);

  await row.getByRole('button', { name: /^Copy link/ }).click();
  await expect(toast(page, 'success', 'Receipt link copied to clipboard')).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(/\/receipts\/[\w-]+$/);

  const popup = page.waitForEvent('popup');
  await row.getByRole('button', { name: /^View receipt/ }).click();
  const tab = await popup;
  await expect.poll(() => tab.url()).toBe(link);
  await tab.close();
  await saveScreen(page, 'payments-orgadmin-paid');
  await expectNoSeriousA11yViolations(page);
});

test("an amount with too many decimals shows the server's wording and nothing is created", async ({ page, request }) => {
  // The server's own answer for 12.505 GHS …
  const token = await apiToken(request, orgadmin);
  const refused = await request.post('/api/payments', {
    data: { amount: '12.505', currency: 'GHS', customerName: 'X', customerEmail: 'x@example.test', description: 'x' },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(refused.status()).toBe(400);
  const { message } = (await refused.json()) as { message: string };
  expect(message).toBe('Amount has more decimals than GHS allows (2).');

  // … is what the form says, before sending anything.
  await signIn(page, orgadmin, '/dashboard/payments');
  await expect(paymentsTable(page)).toBeVisible();
  const dialog = await openCreate(page);
  await fill(dialog, '12.505', 'Too precise');
  let posted = false;
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/payments') posted = true;
  });
  await dialog.getByRole('button', { name: 'Create Payment' }).click();
  await expect(dialog.getByText(message, { exact: true })).toBeVisible();
  await expect(dialog.getByLabel('Amount')).toBeFocused();
  expect(posted).toBe(false);

  // A refusal only the server can make (the organisation does not take EUR: the request is altered on
  // its way out) is shown as the server words it.
  await dialog.getByLabel('Amount').fill('12.50');
  await page.route('**/api/payments', async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    const sent = route.request().postDataJSON() as Record<string, unknown>;
    return route.continue({ postData: JSON.stringify({ ...sent, currency: 'EUR' }) });
  });
  const answered = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/payments');
  await dialog.getByRole('button', { name: 'Create Payment' }).click();
  const response = await answered;
  expect(response.status()).toBe(400);
  const serverText = ((await response.json()) as { message: string }).message;
  expect(serverText).toBe("Currency EUR is not one of the organisation's currencies (GHS, USD).");
  await expect(toast(page, 'error', 'Failed to create payment.').filter({ hasText: serverText })).toBeVisible();
  await expect(dialog).toBeVisible();
});

test("superadmin sees 'Superadmin: read-only', picks the organisation and sees its payments without create or mark-as-paid", async ({
  page,
}) => {
  await signIn(page, SUPERADMIN, '/dashboard/payments');
  await expect(screenHeading(page)).toHaveText('All Payments');
  await expect(page.getByText('Superadmin: read-only')).toBeVisible();
  const picker = page.getByLabel('Organisation');
  await expect(picker).toBeEnabled();
  await picker.selectOption({ label: organisation.name });
  await expect(picker).toHaveValue(String(organisation.id));
  const row = rowOf(page, customer.email);
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('GH₵12.50');
  await expect(row.getByText('Success', { exact: true })).toBeVisible();
  await expect(row).toContainText(`${organisation.code}-`);
  await expect(page.getByRole('button', { name: 'Create Payment' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Mark as paid/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Send/ })).toHaveCount(0);
  await saveScreen(page, 'payments-superadmin');
  await expectNoSeriousA11yViolations(page);
});
