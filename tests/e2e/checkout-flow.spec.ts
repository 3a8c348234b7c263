// The whole customer journey in Chromium, through the built-in Sandbox PSP (issue: payments §10):
// hosted checkout page → Sandbox pay page → Pay → signed webhook → Success with a receipt number →
// receipt page and PDF; bank checkout through a bank whose apiConfig drives the sandbox; the
// message composer. Runs in its own organisation so the demo data never matters.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { PDFParse } from 'pdf-parse';
import { sandboxBankConfig, sandboxEntry } from '../../server/db/provider-catalogue.ts';
import { BASE_URL, SUPERADMIN, type Account } from './support/constants.ts';
import { expectNoSeriousA11yViolations, saveScreen, toast } from './support/console.ts';
import { waitForMail } from './support/mailbox.ts';
import { apiCreateOrganisation, apiCreateUser, apiToken, signIn, uniqueTag } from './support/users-api.ts';

test.describe.configure({ mode: 'serial' });

const SANDBOX_KEY = 'sk_sandbox_e2e_checkout';
let organisation: { id: number; name: string };
let orgadmin: Account;
let orgToken: string;

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

async function postJson(request: APIRequestContext, path: string, data: unknown, token = orgToken) {
  const response = await request.post(path, { headers: auth(token), data });
  expect(response.status(), `POST ${path}: ${await response.text()}`).toBe(201);
  return response.json() as Promise<Record<string, unknown>>;
}

async function pdfText(request: APIRequestContext, url: string): Promise<string> {
  const response = await request.get(url);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('application/pdf');
  const parser = new PDFParse({ data: new Uint8Array(await response.body()) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

test.beforeAll(async ({ request }) => {
  const tag = uniqueTag();
  const superToken = await apiToken(request, SUPERADMIN);
  organisation = await apiCreateOrganisation(request, superToken, `Checkout Flow ${tag}`, `CF${tag.toUpperCase()}`.slice(0, 20));
  orgadmin = { email: `checkout.${tag}@payrail.test`, password: 'E2e-Checkout-Pass1', name: 'Checkout Admin' };
  await apiCreateUser(request, superToken, { ...orgadmin, orgId: organisation.id, role: 'orgadmin' });
  orgToken = await apiToken(request, orgadmin);
  await postJson(request, '/api/organisations/my-organisation/gateways', {
    name: 'Sandbox',
    provider: 'sandbox',
    secretKey: SANDBOX_KEY,
    webhookSecret: SANDBOX_KEY,
    config: sandboxEntry(BASE_URL).sampleConfig,
  });
  await postJson(request, '/api/organisations/my-organisation/banks', {
    code: 'SBXBANK',
    name: 'Sandbox Bank',
    apiConfig: sandboxBankConfig(BASE_URL, 'sk_sandbox_e2e_bank'),
  });
});

async function checkoutUrl(request: APIRequestContext): Promise<string> {
  const response = await request.get('/api/organisations/my-organisation/checkout-url', { headers: auth(orgToken) });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { url: string }).url;
}

async function payAtSandbox(page: Page, amount: string): Promise<void> {
  await expect(page).toHaveURL(/\/api\/sandbox-psp\/pay\/SBX-/);
  await expect(page.getByText(`${amount} GHS`)).toBeVisible();
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
}

test('a customer pays on the hosted checkout page; the console shows Success with a receipt number, page and PDF', async ({
  page,
  request,
  context,
}) => {
  const url = await checkoutUrl(request);
  await page.goto(`${url}?description=${encodeURIComponent('Water bill, May')}`);
  await expect(page.getByRole('heading', { name: `Pay ${organisation.name}` })).toBeVisible();
  await expect(page.getByLabel('What is this payment for?')).toHaveValue('Water bill, May');
  await expectNoSeriousA11yViolations(page, '/pay/{token}');
  await page.getByLabel('Amount').fill('42.50');
  await page.getByLabel('Full name').fill('Abena Owusu');
  await page.getByLabel('E-mail').fill('abena.owusu@example.test');
  await page.getByLabel('Card or mobile money').check();
  await saveScreen(page, 'checkout-hosted-page');
  await page.getByRole('button', { name: 'Continue to payment' }).click();

  await payAtSandbox(page, '42.50');
  // The sandbox sends the payer back to the invoice page, which now shows the payment as paid.
  await expect(page).toHaveURL(/\/receipts\/invoice\/PAY-/);
  await expect(page.locator('.status')).toHaveText('Paid');
  const reference = /PAY-[0-9A-Z]{16}/.exec(page.url())?.[0] ?? '';

  await signIn(page, orgadmin, '/dashboard/payments');
  const row = page.getByRole('table', { name: 'Payments' }).getByRole('row').filter({ hasText: reference });
  await expect(row.getByText('Success', { exact: true })).toBeVisible();
  const receiptNumber = (await row.locator('.payment-receipt').textContent()) ?? '';
  expect(receiptNumber).toMatch(/^CF[A-Z0-9]+-1$/);
  await expect(row.getByText('42.50')).toBeVisible();

  const [receiptTab] = await Promise.all([context.waitForEvent('page'), row.getByRole('button', { name: /View receipt/ }).click()]);
  await receiptTab.waitForLoadState();
  await expect(receiptTab).toHaveURL(/\/receipts\/[A-Za-z0-9_-]{32}$/);
  await expect(receiptTab.getByText(receiptNumber).first()).toBeVisible();
  await expect(receiptTab.getByText('Abena Owusu')).toBeVisible();
  await saveScreen(receiptTab, 'checkout-receipt-page');
  const text = await pdfText(request, `${receiptTab.url()}.pdf`);
  expect(text).toContain(receiptNumber);
  expect(text).toContain('Abena Owusu');
  expect(text).toContain('42.50');
  expect(text).toContain(reference);
});

test('a bad amount on the hosted page gets a clear error and keeps what was typed', async ({ page, request }) => {
  await page.goto(await checkoutUrl(request));
  await page.getByLabel('Amount').fill('10.001');
  await page.getByLabel('Full name').fill('Kwesi Appiah');
  await page.getByLabel('E-mail').fill('kwesi@example.test');
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page.getByRole('alert')).toContainText('decimal');
  await expect(page.getByLabel('Full name')).toHaveValue('Kwesi Appiah');
});

test('bank checkout: the console opens the bank page, the customer chooses the bank and pays', async ({ page, context }) => {
  await signIn(page, orgadmin, '/dashboard/payments');
  await page.getByRole('button', { name: 'Create Payment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Payment' });
  await dialog.getByLabel('Amount').fill('300');
  await dialog.getByLabel('Customer Name').fill('Kojo Asante');
  await dialog.getByLabel('Customer Email').fill('kojo.asante@example.test');
  await dialog.getByLabel('Description').fill('School fees, term 2');
  await dialog.getByLabel('Process via gateway').check();
  await dialog.getByLabel('Bank checkout').check();
  const [bankTab] = await Promise.all([context.waitForEvent('page'), dialog.getByRole('button', { name: 'Create Payment' }).click()]);
  await expect(toast(page, 'success', 'Payment created successfully.')).toBeVisible();
  await bankTab.waitForLoadState();
  await expect(bankTab).toHaveURL(/\/checkout\/banks\/PAY-/);
  await expect(bankTab.getByRole('heading', { name: 'Pay by bank' })).toBeVisible();
  await expect(bankTab.getByText('300.00 GHS')).toBeVisible();
  await expectNoSeriousA11yViolations(bankTab, '/checkout/banks/{reference}');
  await saveScreen(bankTab, 'checkout-bank-page');
  await bankTab.getByRole('button', { name: 'Sandbox Bank' }).click();
  await payAtSandbox(bankTab, '300.00');
  await expect(bankTab).toHaveURL(/\/checkout\/banks\/PAY-/);
  await expect(bankTab.getByText('Paid — thank you.')).toBeVisible();
  await expect(bankTab.getByRole('button', { name: 'Sandbox Bank' })).toHaveCount(0);

  await page.reload();
  const row = page.getByRole('table', { name: 'Payments' }).getByRole('row').filter({ hasText: 'Kojo Asante' });
  await expect(row.getByText('Success', { exact: true })).toBeVisible();
  await expect(row.locator('.payment-receipt')).toHaveText(/-2$/);
});

test('the message composer e-mails the customer the invoice link', async ({ page, request }) => {
  const created = await postJson(request, '/api/payments', {
    amount: '18.75',
    customerName: 'Efua Boakye',
    customerEmail: 'efua.boakye@example.test',
    description: 'Consultation',
  });
  await signIn(page, orgadmin, '/dashboard/payments');
  const row = page
    .getByRole('table', { name: 'Payments' })
    .getByRole('row')
    .filter({ hasText: String(created['reference']) });
  await row.getByRole('button', { name: /^Send/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Send message' });
  await expect(dialog.getByLabel('To')).toHaveValue('efua.boakye@example.test');
  await expect(dialog.getByLabel('Subject')).toHaveValue(`Invoice ${String(created['reference'])}`);
  await expect(dialog.getByText('The invoice link is added below your message.')).toBeVisible();
  await dialog.getByLabel('Subject').fill('');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog.getByText('Subject is required.')).toBeVisible();
  await dialog.getByLabel('Subject').fill('Your consultation invoice');
  await saveScreen(page, 'payments-message-composer');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(toast(page, 'success', 'Message sent.')).toBeVisible();
  await expect(dialog).toHaveCount(0);

  const mail = await waitForMail('efua.boakye@example.test');
  expect(mail.subject).toBe('Your consultation invoice');
  expect(mail.text).toContain(`Your invoice: ${BASE_URL}/receipts/invoice/${String(created['reference'])}`);
});
