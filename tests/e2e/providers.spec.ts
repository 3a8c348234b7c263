// docs/console.md#screens Payment Providers (superadmin), #entities Provider, #roles (only superadmins manage providers), #messages toasts
// ('Provider created', 'Provider removed', 'Failed to load providers' with the built-in fallback list).
import { expect, test, type Page } from '@playwright/test';
import { FALLBACK_PROVIDERS } from '../../src/lib/provider-fallback.ts';
import { providersViaApi } from './support/banks-api.ts';
import { STORAGE_STATE, expectNoSeriousA11yViolations, saveScreen, toast, waitForConsole } from './support/console.ts';

async function openProviders(page: Page): Promise<void> {
  await page.goto('/dashboard/providers');
  await waitForConsole(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Payment Providers');
}

/** Saves a screenshot from the top of the page (a scrolled page would stitch the sticky header mid-way). */
async function screen(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await saveScreen(page, name);
}

const providerTable = (page: Page) => page.getByRole('table', { name: 'Payment providers' });
const providerRow = (page: Page, text: string) => providerTable(page).getByRole('row').filter({ hasText: text });

test.describe('as superadmin', () => {
  test.use({ storageState: STORAGE_STATE.superadmin });

  test('add a provider, see it listed, then delete it', async ({ page, request }) => {
    await openProviders(page);
    await expect(providerRow(page, 'Sandbox PSP (built in)')).toContainText('Built in');
    await expect(providerRow(page, 'Paystack')).toContainText('x-paystack-signature');
    await screen(page, 'providers');

    const slug = `e2e-momo-${Date.now().toString(36)}`;
    const form = page.getByRole('region', { name: 'Add provider' });
    await form.getByRole('textbox', { name: 'Name', exact: true }).fill(`  ${slug.toUpperCase()}`);
    await expect(form.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(slug);
    await form.getByLabel('Display name').fill('E2E Mobile Money');
    await form.getByLabel('Default base URL').fill('https://api.momo.example');
    // The required group starts with secretKey, publicKey and webhookSecret; move publicKey to optional.
    const required = form.getByRole('group', { name: 'Required credentials' });
    const optional = form.getByRole('group', { name: 'Optional credentials' });
    await expect(required.getByLabel(/Secret key/)).toBeChecked();
    await optional.getByLabel(/Public key/).check();
    await expect(required.getByLabel(/Public key/)).not.toBeChecked();
    await form.getByLabel('Success statuses').fill('SUCCESSFUL, ok, ok');
    await form.getByLabel('Webhook header name').fill('X-Momo-Signature');
    await form.getByLabel('Outbound header name').fill('X-Payrail-Signature');
    await form.getByLabel('HMAC algorithm').selectOption('sha512');
    await form.getByLabel('Notes').fill('Mobile money collections.');
    await expectNoSeriousA11yViolations(page, '/dashboard/providers (filled form)');

    const post = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/psp'));
    await form.getByRole('button', { name: 'Add Provider' }).click();
    expect((await post).postDataJSON()).toEqual({
      name: slug,
      displayName: 'E2E Mobile Money',
      defaultBaseUrl: 'https://api.momo.example',
      constraintsRequired: ['secretKey', 'webhookSecret'],
      constraintsOptional: ['publicKey', 'baseUrl', 'sandbox'],
      successStatuses: ['SUCCESSFUL', 'ok'],
      webhookHeaderName: 'X-Momo-Signature',
      outboundHeaderName: 'X-Payrail-Signature',
      hmacAlgo: 'sha512',
      notes: 'Mobile money collections.',
    });
    await expect(toast(page, 'success', 'Provider created')).toBeVisible();
    // The form is ready for the next one.
    await expect(form.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('');

    const row = providerRow(page, 'E2E Mobile Money');
    await expect(row).toContainText(slug);
    await expect(row).toContainText('secretKey');
    await expect(row).toContainText('webhookSecret');
    await expect(row).toContainText('SUCCESSFUL');
    await expect(row).toContainText('X-Momo-Signature');
    expect((await providersViaApi(request)).some((p) => p.name === slug)).toBe(true);
    await page.reload();
    await waitForConsole(page);
    await expect(providerRow(page, 'E2E Mobile Money')).toHaveCount(1);

    // Delete asks first; Cancel keeps it.
    await page.getByRole('button', { name: 'Delete E2E Mobile Money' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove provider' });
    await expect(confirm).toContainText(`Are you sure you want to remove the provider E2E Mobile Money (${slug})?`);
    await screen(page, 'providers-delete-confirm');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(providerRow(page, 'E2E Mobile Money')).toHaveCount(1);

    await page.getByRole('button', { name: 'Delete E2E Mobile Money' }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'success', 'Provider removed')).toBeVisible();
    await expect(providerRow(page, 'E2E Mobile Money')).toHaveCount(0);
    expect((await providersViaApi(request)).some((p) => p.name === slug)).toBe(false);
  });

  test("the built-in sandbox cannot be deleted: the server's message is shown", async ({ page, request }) => {
    await openProviders(page);
    await page.getByRole('button', { name: 'Delete Sandbox PSP (built in)' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove provider' });
    const refused = page.waitForResponse((r) => r.request().method() === 'DELETE' && /\/api\/psp\/\d+$/.test(r.url()));
    await confirm.getByRole('button', { name: 'Delete' }).click();
    expect((await refused).status()).toBe(409);
    await expect(toast(page, 'error', 'The built-in Sandbox PSP cannot be removed.')).toBeVisible();
    await expect(confirm).toBeHidden();
    await expect(providerRow(page, 'Sandbox PSP (built in)')).toHaveCount(1);
    expect((await providersViaApi(request)).some((p) => p.name === 'sandbox')).toBe(true);
  });

  test('a bad name or base URL is flagged on the form and nothing is sent', async ({ page }) => {
    await openProviders(page);
    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().includes('/api/psp')) posts.push(r.url());
    });
    const form = page.getByRole('region', { name: 'Add provider' });
    await form.getByRole('button', { name: 'Add Provider' }).click();
    await expect(form.getByText('Name is required.')).toBeVisible();
    await expect(form.getByRole('textbox', { name: 'Name', exact: true })).toBeFocused();
    await form.getByRole('textbox', { name: 'Name', exact: true }).fill('x');
    await form.getByLabel('Default base URL').fill('ftp://files.example');
    await form.getByRole('button', { name: 'Add Provider' }).click();
    await expect(form.getByText('Use 2–50 lower-case letters, digits or "-", starting with a letter or digit.')).toBeVisible();
    await expect(form.getByText('Default base URL must be an http(s) URL.')).toBeVisible();
    expect(posts).toEqual([]);
  });

  test("a duplicate name shows the server's message", async ({ page }) => {
    await openProviders(page);
    const form = page.getByRole('region', { name: 'Add provider' });
    await form.getByRole('textbox', { name: 'Name', exact: true }).fill('paystack');
    await form.getByRole('button', { name: 'Add Provider' }).click();
    await expect(toast(page, 'error', 'A provider named paystack already exists.')).toBeVisible();
    await expect(form.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('paystack');
  });

  test("'Failed to load providers' falls back to the built-in provider list", async ({ page }) => {
    await page.route('**/api/psp', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ statusCode: 503, error: 'Service Unavailable', message: 'Database is down.' }),
      }),
    );
    await openProviders(page);
    await expect(toast(page, 'error', 'Failed to load providers')).toBeVisible();
    const table = page.getByRole('table', { name: 'Payment providers (built-in list)' });
    for (const provider of FALLBACK_PROVIDERS) await expect(table).toContainText(provider.displayName);
    await expect(page.getByText('Showing the built-in provider list.')).toBeVisible();
    await expect(table.getByRole('button', { name: /Delete/ })).toHaveCount(0);
    await screen(page, 'providers-fallback');
    await expectNoSeriousA11yViolations(page, '/dashboard/providers (fallback)');
  });
});

test.describe('as orgadmin', () => {
  test.use({ storageState: STORAGE_STATE.orgadmin });

  test('an orgadmin gets the superadmin notice and no provider calls', async ({ page }) => {
    const calls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/psp')) calls.push(r.url());
    });
    await openProviders(page);
    await expect(page.getByText('Superadmin access required')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Add provider' })).toHaveCount(0);
    expect(calls).toEqual([]);
  });
});
