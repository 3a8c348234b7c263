// docs/console.md#screens Banks ('Banks' for a superadmin, 'Organisation Banks' for an orgadmin), #entities Bank, #validation Bank rules
// ('Invalid API config JSON', code trimmed and upper-cased, name trimmed, confirm before delete), docs/console.md#calls the
// two scopes' endpoints, docs/console.md#messages toasts ('Bank created', 'Changes saved', 'Bank deleted', 'Failed to load banks').
import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEFAULT_BANK_API_CONFIG } from '../../src/lib/bank-api-config.ts';
import { createGlobalBankViaApi, globalBanksViaApi, organisationBanksViaApi } from './support/banks-api.ts';
import { STORAGE_STATE, expectNoSeriousA11yViolations, saveScreen, toast, waitForConsole } from './support/console.ts';
import { configCheck, monacoIn, typeIntoMonaco } from './support/monaco.ts';

async function openBanks(page: Page, heading: string): Promise<void> {
  await page.goto('/dashboard/banks');
  await waitForConsole(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
  await expect(page.getByRole('button', { name: 'Add Bank' }).first()).toBeEnabled();
}

/** Saves a screenshot from the top of the page (a scrolled page would stitch the sticky header mid-way). */
async function screen(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await saveScreen(page, name);
}

/** A bank's card, found by its heading. */
const card = (page: Page, name: string): Locator => page.getByRole('article', { name, exact: true });

test.describe('as superadmin', () => {
  test.use({ storageState: STORAGE_STATE.superadmin });

  test('create, edit, reject invalid JSON and delete a global bank', async ({ page, request }) => {
    await openBanks(page, 'Banks');

    // Create: the form starts from the default worked example, which the validator accepts.
    await page.getByRole('button', { name: 'Add Bank' }).first().click();
    const create = page.getByRole('region', { name: 'New bank' });
    await expect(create.getByRole('textbox', { name: 'Name', exact: true })).toBeFocused();
    // The same Monaco editor as gateways, checked live by the shared validator.
    await expect(configCheck(await monacoIn(create))).toHaveText('Config is valid.');
    await create.getByRole('textbox', { name: 'Name', exact: true }).fill('  Ghana Commercial Bank  ');
    await create.getByRole('textbox', { name: 'Code', exact: true }).fill(' gcb ');
    await create.getByLabel('Upload logo').setInputFiles('tests/fixtures/pixel.png');
    await expect(create.getByLabel('Logo URL')).toHaveValue(/\/api\/files\/\S+/);
    await screen(page, 'banks-create');
    await expectNoSeriousA11yViolations(page, '/dashboard/banks (create form)');

    const post = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/banks'));
    await create.getByRole('button', { name: 'Create Bank' }).click();
    const body = (await post).postDataJSON() as Record<string, unknown>;
    expect(body).toMatchObject({ code: 'GCB', name: 'Ghana Commercial Bank', apiConfig: DEFAULT_BANK_API_CONFIG });
    expect(body['logoUrl']).toMatch(/\/api\/files\/\S+/);
    await expect(toast(page, 'success', 'Bank created')).toBeVisible();
    await expect(create).toBeHidden();

    const gcb = card(page, 'Ghana Commercial Bank');
    await expect(gcb).toContainText('GCB');
    await expect(gcb).toContainText(/Updated \d{1,2} \w{3} \d{4}/);
    await expect(gcb).toContainText('https://api.bank.example');
    const logo = gcb.getByRole('img', { name: 'Ghana Commercial Bank logo' });
    await expect(logo).toHaveAttribute('src', /\/api\/files\//);
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    const stored = (await globalBanksViaApi(request)).find((bank) => bank.code === 'GCB');
    expect(stored?.name).toBe('Ghana Commercial Bank');

    // Edit: name and an http logo URL (shown over https; unreachable here, so the placeholder shows).
    await gcb.getByRole('button', { name: 'Edit Ghana Commercial Bank' }).click();
    await expect(gcb.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('Ghana Commercial Bank');
    await expect(gcb.getByRole('textbox', { name: 'Code', exact: true })).toHaveValue('GCB');
    // The config's credentials are write-only: the editor holds masked hints, which Save sends back to keep them.
    const maskedSettings = { apiKey: '••••-key', merchantId: '••••t-id' };
    await monacoIn(gcb);
    await gcb.getByRole('textbox', { name: 'Name', exact: true }).fill('GCB Bank');
    await gcb.getByLabel('Logo URL').fill('http://logos.invalid/gcb.png');
    await screen(page, 'banks-edit');
    const patch = page.waitForRequest((r) => r.method() === 'PATCH' && /\/api\/banks\/\d+$/.test(r.url()));
    await gcb.getByRole('button', { name: 'Save' }).click();
    expect((await patch).postDataJSON()).toMatchObject({
      code: 'GCB',
      name: 'GCB Bank',
      logoUrl: 'http://logos.invalid/gcb.png',
      apiConfig: { settings: maskedSettings },
    });
    await expect(toast(page, 'success', 'Changes saved')).toBeVisible();
    const saved = (await globalBanksViaApi(request)).find((bank) => bank.code === 'GCB');
    expect(saved?.apiConfig).toMatchObject({ settings: maskedSettings });
    const renamed = card(page, 'GCB Bank');
    await expect(renamed).toBeVisible();
    await expect(renamed.getByRole('button', { name: 'Edit GCB Bank' })).toBeFocused();
    await expect(renamed.locator('img')).toHaveAttribute('src', /^data:image\/svg\+xml/);

    // Invalid JSON: flagged live and on Save, and nothing is sent.
    const patches: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'PATCH') patches.push(r.url());
    });
    await renamed.getByRole('button', { name: 'Edit GCB Bank' }).click();
    const editor = await monacoIn(renamed);
    await typeIntoMonaco(page, editor, '{ "baseUrl": "https://api.gcb.example", ');
    await expect(configCheck(editor)).toContainText('Invalid config JSON');
    await expect(editor.locator('.json-editor__monaco')).not.toHaveAttribute('data-error-markers', '0');
    await renamed.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'error', 'Invalid API config JSON')).toBeVisible();
    await expect(editor.getByText('Invalid API config JSON', { exact: true })).toBeVisible();
    await expect(editor.locator('.monaco-editor textarea')).toBeFocused();
    expect(patches).toEqual([]);

    // Valid JSON the adapter cannot use: the validator's errors show live, the server refuses it the same way.
    await typeIntoMonaco(page, editor, JSON.stringify({ baseUrl: 'https://api.gcb.example', init: { method: 'POST' } }));
    await expect(renamed.getByText('init.url is required.')).toBeVisible();
    await expect(renamed.getByText('verify is required, with method and url (use {reference}).')).toBeVisible();
    await screen(page, 'banks-config-errors');
    await renamed.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'error', 'API config is invalid')).toBeVisible();
    await renamed.getByRole('button', { name: 'Cancel' }).click();
    await expect(renamed.locator('.json-editor')).toHaveCount(0);

    // Delete asks first.
    await renamed.getByRole('button', { name: 'Delete GCB Bank' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete bank' });
    await expect(confirm).toContainText('Are you sure you want to delete the bank GCB Bank (GCB)?');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(renamed).toBeVisible();
    await renamed.getByRole('button', { name: 'Delete GCB Bank' }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'success', 'Bank deleted')).toBeVisible();
    await expect(card(page, 'GCB Bank')).toHaveCount(0);
    expect((await globalBanksViaApi(request)).some((bank) => bank.code === 'GCB')).toBe(false);
  });

  test("a duplicate code shows the server's message and keeps the form", async ({ page, request }) => {
    await createGlobalBankViaApi(request, { code: 'DUPE', name: 'Duplicate Savings', apiConfig: DEFAULT_BANK_API_CONFIG });
    await createGlobalBankViaApi(request, { code: 'ADB', name: 'Agricultural Development Bank', apiConfig: DEFAULT_BANK_API_CONFIG });
    await createGlobalBankViaApi(request, {
      code: 'FBN',
      name: 'First Bank Ghana',
      apiConfig: { ...DEFAULT_BANK_API_CONFIG, baseUrl: 'https://openapi.firstbank.example', auth: { type: 'bearer', token: 'demo' } },
    });
    await openBanks(page, 'Banks');
    await expect(card(page, 'Duplicate Savings')).toBeVisible();
    await expect(card(page, 'First Bank Ghana')).toContainText('bearer');
    await screen(page, 'banks');
    await page.getByRole('button', { name: 'Add Bank' }).first().click();
    const create = page.getByRole('region', { name: 'New bank' });
    await create.getByRole('textbox', { name: 'Name', exact: true }).fill('Another Bank');
    await create.getByRole('textbox', { name: 'Code', exact: true }).fill('dupe');
    await create.getByRole('button', { name: 'Create Bank' }).click();
    await expect(toast(page, 'error', 'A bank with code DUPE already exists.')).toBeVisible();
    await expect(create.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('Another Bank');
    await expect(create.getByRole('button', { name: 'Create Bank' })).toBeEnabled();
  });

  test("'Failed to load banks' when the list cannot be loaded", async ({ page }) => {
    await page.route('**/api/banks', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ statusCode: 500, error: 'Internal Server Error', message: 'Boom.' }),
      }),
    );
    await page.goto('/dashboard/banks');
    await waitForConsole(page);
    await expect(toast(page, 'error', 'Failed to load banks')).toBeVisible();
    await expect(page.getByText('The banks could not be loaded.')).toBeVisible();
  });
});

test.describe('as orgadmin', () => {
  test.use({ storageState: STORAGE_STATE.orgadmin });

  test("'Organisation Banks': creates its own bank and never sees the global ones", async ({ page, request }) => {
    await createGlobalBankViaApi(request, { code: 'GLOBALONLY', name: 'Platform Wide Bank', apiConfig: DEFAULT_BANK_API_CONFIG });
    const gets: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'GET' && r.url().includes('/api/') && r.url().includes('banks')) gets.push(new URL(r.url()).pathname);
    });
    await openBanks(page, 'Organisation Banks');
    expect(gets).toEqual(['/api/organisations/my-organisation/banks']);
    await expect(page.getByText('Platform Wide Bank')).toHaveCount(0);

    await page.getByRole('button', { name: 'Add Bank' }).first().click();
    const create = page.getByRole('region', { name: 'New bank' });
    await monacoIn(create);
    await create.getByRole('textbox', { name: 'Name', exact: true }).fill(' CalBank ');
    await create.getByRole('textbox', { name: 'Code', exact: true }).fill(' cal ');
    const post = page.waitForRequest((r) => r.method() === 'POST' && r.url().includes('/banks'));
    await create.getByRole('button', { name: 'Create Bank' }).click();
    const sent = await post;
    expect(new URL(sent.url()).pathname).toBe('/api/organisations/my-organisation/banks');
    // The default body is the same JSON as the superadmin's (docs/console.md#constants).
    expect(sent.postDataJSON()).toMatchObject({ apiConfig: DEFAULT_BANK_API_CONFIG });
    await expect(toast(page, 'success', 'Bank created')).toBeVisible();
    await expect(card(page, 'CalBank')).toContainText('CAL');
    await screen(page, 'banks-orgadmin');
    await expectNoSeriousA11yViolations(page, '/dashboard/banks as orgadmin');

    const own = await organisationBanksViaApi(request);
    expect(own.map((bank) => bank.code)).toContain('CAL');
    expect(own.map((bank) => bank.code)).not.toContain('GLOBALONLY');
    expect((await globalBanksViaApi(request)).map((bank) => bank.code)).not.toContain('CAL');
  });
});
