// docs/console.md#screens Organisations, #states (first currency becomes the default), #validation Create/Edit organisation and
// delete confirmation, docs/console.md#messages organisation toasts.
import { expect, test, type Page } from '@playwright/test';
import { createOrganisationViaApi, findOrganisationsViaApi, sessionToken, uniqueSuffix } from './support/admin-api.ts';
import { STORAGE_STATE, expectNoSeriousA11yViolations, saveScreen, toast, waitForConsole } from './support/console.ts';

test.use({ storageState: STORAGE_STATE.superadmin });

async function openOrganisations(page: Page): Promise<void> {
  await page.goto('/dashboard/organisations');
  await waitForConsole(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Organisations');
  await expect(page.getByRole('table', { name: 'Organisations' })).toBeVisible();
}

function searchBox(page: Page) {
  return page.getByRole('searchbox', { name: 'Search organisations' });
}

async function search(page: Page, text: string): Promise<void> {
  const listed = page.waitForResponse((r) => {
    const url = new URL(r.url());
    return url.pathname === '/api/organisations' && url.searchParams.get('search') === text.trim();
  });
  await searchBox(page).fill(text);
  await listed;
}

function row(page: Page, name: string) {
  return page.getByRole('row').filter({ has: page.getByRole('cell', { name }) });
}

test('the table shows name, code, country, the full API token with a copy button, and actions', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openOrganisations(page);
  const table = page.getByRole('table', { name: 'Organisations' });
  await expect(table.getByRole('columnheader')).toHaveText(['Name', 'Code', 'Country', 'API Token', 'Actions']);
  const demo = row(page, 'Demo Organisation');
  await expect(demo).toContainText('DEMO');
  await expect(demo).toContainText('Ghana');
  const [stored] = await findOrganisationsViaApi(page, 'DEMO');
  expect(stored?.apiToken).toMatch(/^prt_/);
  const token = demo.locator('code');
  await expect(token).toHaveText(stored?.apiToken ?? '');
  await expect(token).toHaveCSS('text-overflow', 'ellipsis');
  await expect(token).toHaveAttribute('title', stored?.apiToken ?? '');
  await demo.getByRole('button', { name: 'Copy API token of Demo Organisation' }).click();
  await expect(toast(page, 'success', 'Copied to clipboard')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(stored?.apiToken);
  await saveScreen(page, 'organisations');
});

test('create an organisation with a country and two currencies; the first becomes the default', async ({ page }) => {
  const tag = uniqueSuffix();
  const name = `Kumasi Traders ${tag}`;
  await openOrganisations(page);
  await page.getByRole('button', { name: 'Create Organisation' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Organisation' });
  await expect(dialog.getByLabel('Name')).toBeFocused();
  await expect(dialog.getByLabel('Contact Email')).toHaveAttribute('type', 'email');

  // Enabled countries only, from GET /countries?all=true&enabled=true.
  const country = dialog.getByLabel('Country');
  await expect(country.locator('option', { hasText: 'Ghana (GH)' })).toHaveCount(1);

  // Default currency: disabled until a currency is added, then offers only the chosen ones.
  const defaultCurrency = dialog.getByLabel('Default Currency');
  await expect(defaultCurrency).toBeDisabled();
  const addSelect = dialog.getByLabel('Add Currency');
  await addSelect.selectOption('GHS');
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(defaultCurrency).toBeEnabled();
  await expect(defaultCurrency).toHaveValue('GHS');
  await expect(addSelect.locator('option[value="GHS"]')).toHaveCount(0); // no duplicates
  await addSelect.selectOption('USD');
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(defaultCurrency).toHaveValue('GHS');
  await expect(defaultCurrency.locator('option')).toHaveText(['GHS', 'USD']);
  await expect(dialog.getByRole('list', { name: 'Selected currencies' }).getByRole('listitem')).toHaveCount(2);

  // Required fields are checked before anything is sent.
  await dialog.getByRole('button', { name: 'Create Organisation' }).click();
  await expect(dialog.getByText('Name is required.')).toBeVisible();
  await expect(dialog.getByText('Contact email is required.')).toBeVisible();
  await expect(dialog.getByText('Code is required.')).toBeVisible();
  await expect(dialog.getByText('Country is required.')).toBeVisible();
  await expect(dialog.getByLabel('Name')).toBeFocused();

  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Code').fill(`kt-${tag}`);
  await expect(dialog.getByLabel('Code')).toHaveValue(`KT-${tag}`);
  await dialog.getByLabel('Contact Email').fill(`ops.${tag.toLowerCase()}@kumasi.test`);
  await country.selectOption('GH');
  await saveScreen(page, 'organisations-create-modal');
  await expectNoSeriousA11yViolations(page, '/dashboard/organisations (create modal)');

  const post = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/organisations'));
  await dialog.getByRole('button', { name: 'Create Organisation' }).click();
  expect((await post).postDataJSON()).toEqual({
    name,
    email: `ops.${tag.toLowerCase()}@kumasi.test`,
    code: `KT-${tag}`,
    country: 'GH',
    currencies: ['GHS', 'USD'],
    defaultCurrency: 'GHS',
  });
  await expect(toast(page, 'success', 'Organisation created successfully!')).toBeVisible();
  await expect(dialog).toBeHidden();

  const [stored] = await findOrganisationsViaApi(page, tag);
  expect(stored).toMatchObject({ name, code: `KT-${tag}`, country: 'Ghana', currencies: ['GHS', 'USD'], defaultCurrency: 'GHS' });
  await search(page, tag);
  await expect(row(page, name)).toContainText(`KT-${tag}`);
  await expect(row(page, name)).toContainText(stored?.apiToken ?? 'prt_');
});

test('removing the default currency hands it to the next one; a duplicate code shows the server message', async ({ page }) => {
  await openOrganisations(page);
  await page.getByRole('button', { name: 'Create Organisation' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Organisation' });
  for (const code of ['EUR', 'GBP']) {
    await dialog.getByLabel('Add Currency').selectOption(code);
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  }
  await expect(dialog.getByLabel('Default Currency')).toHaveValue('EUR');
  await dialog.getByRole('button', { name: 'Remove EUR' }).click();
  await expect(dialog.getByLabel('Default Currency')).toHaveValue('GBP');
  await expect(dialog.getByLabel('Default Currency').locator('option')).toHaveText(['GBP']);
  await dialog.getByRole('button', { name: 'Remove GBP' }).click();
  await expect(dialog.getByLabel('Default Currency')).toBeDisabled();

  await dialog.getByLabel('Name').fill('Second Demo');
  await dialog.getByLabel('Code').fill('demo');
  await dialog.getByLabel('Contact Email').fill('second@demo.test');
  await dialog.getByLabel('Country').selectOption('GH');
  await dialog.getByRole('button', { name: 'Create Organisation' }).click();
  await expect(toast(page, 'error', 'An organisation with code DEMO already exists.')).toContainText('Failed to create organisation.');
  await expect(dialog).toBeVisible();
});

test('search and pagination over more than 10 organisations', async ({ page }) => {
  const tag = uniqueSuffix();
  await openOrganisations(page);
  const token = await sessionToken(page);
  expect(token).toBeTruthy();
  for (let i = 1; i <= 12; i += 1) {
    const n = String(i).padStart(2, '0');
    await createOrganisationViaApi(page, { name: `Pager ${tag} ${n}`, code: `PG${n}-${tag}` });
  }

  await search(page, `Pager ${tag}`);
  const table = page.getByRole('table', { name: 'Organisations' });
  await expect(page.getByText('12 organisations found')).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(11);
  await expect(row(page, `Pager ${tag} 01`)).toBeVisible();
  await expect(page.getByText('Page 1 of 2')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Page 2 of 2')).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(row(page, `Pager ${tag} 12`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();

  // A new page size goes back to page 1.
  await page.getByLabel('Organisations per page').selectOption('25');
  await expect(page.getByText('Page 1 of 1')).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(13);

  // A narrower search starts again from page 1; one that finds nothing shows the empty state.
  await page.getByLabel('Organisations per page').selectOption('10');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Page 2 of 2')).toBeVisible();
  await search(page, `PG07-${tag}`);
  await expect(page.getByText('1 organisation found')).toBeVisible();
  await expect(page.getByText('Page 1 of 1')).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(2);
  await search(page, `nothing-${tag}`);
  await expect(page.getByText('No organisations match your search.')).toBeVisible();
});

test('edit an organisation: every field, currencies comma-separated, a hint for a stray default', async ({ page }) => {
  const tag = uniqueSuffix();
  const created = await (async () => {
    await openOrganisations(page);
    return createOrganisationViaApi(page, { name: `Edit Me ${tag}`, code: `ED-${tag}` });
  })();
  await search(page, tag);
  await page.getByRole('button', { name: `Edit Edit Me ${tag}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Organisation' });
  await expect(dialog.getByLabel('Name')).toHaveValue(`Edit Me ${tag}`);
  await expect(dialog.getByLabel('Contact Email')).toHaveValue(created.email);
  await expect(dialog.getByLabel('Country')).toHaveValue('GH');
  await expect(dialog.getByLabel('Currencies')).toHaveValue('GHS, USD');
  await expect(dialog.getByLabel('Default Currency')).toHaveValue('GHS');
  await expect(dialog.getByLabel('Callback URL')).toHaveAttribute('type', 'url');
  await expect(dialog.getByLabel('Notifier URL')).toHaveAttribute('type', 'url');

  await dialog.getByLabel('Default Currency').fill('EUR');
  await expect(dialog.getByText('The default currency should be one of the currencies above.')).toBeVisible();
  await dialog.getByLabel('Currencies').fill('ghs, usd, eur');
  await expect(dialog.getByText('The default currency should be one of the currencies above.')).toBeHidden();

  await dialog.getByLabel('Name').fill(`Edited ${tag}`);
  await dialog.getByLabel('Country').selectOption('NG');
  await dialog.getByLabel('Callback URL').fill('https://hooks.example.test/payrail');
  await dialog.getByLabel('Notifier URL').fill('https://notify.example.test/payrail');
  await dialog.getByLabel('Address Line 1').fill('1 Marina Road');
  await dialog.getByLabel('Address Line 2').fill('Floor 3');
  await dialog.getByLabel('City').fill('Lagos');
  await dialog.getByLabel('State / Region').fill('Lagos State');
  await dialog.getByLabel('Postal Code').fill('101001');
  await dialog.getByLabel('Phone').fill('+234 1 234 5678');
  await dialog.getByLabel('Website URL').fill('https://edited.example.test');
  await dialog.getByLabel('Tax ID').fill('TIN-998');
  await dialog.getByLabel('Registration Number').fill('RC-12345');
  await dialog.getByLabel('Invoice Footer Note').fill('Thank you for your business.');
  await dialog.getByLabel('Collects government payments').check();
  // A tall window shows the whole form in the screenshot.
  await page.setViewportSize({ width: 1280, height: 1500 });
  await dialog.locator('.modal__body').evaluate((body) => body.scrollTo(0, 0));
  await saveScreen(page, 'organisations-edit-modal');
  await page.setViewportSize({ width: 1280, height: 720 });
  await expectNoSeriousA11yViolations(page, '/dashboard/organisations (edit modal)');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page, 'success', 'Organisation updated successfully!')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row(page, `Edited ${tag}`)).toContainText('Nigeria');

  const [stored] = await findOrganisationsViaApi(page, tag);
  expect(stored).toMatchObject({
    name: `Edited ${tag}`,
    country: 'Nigeria',
    currencies: ['GHS', 'USD', 'EUR'],
    defaultCurrency: 'EUR',
    callbackUrl: 'https://hooks.example.test/payrail',
    notifierUrl: 'https://notify.example.test/payrail',
    addressLine1: '1 Marina Road',
    addressLine2: 'Floor 3',
    city: 'Lagos',
    state: 'Lagos State',
    postalCode: '101001',
    phone: '+234 1 234 5678',
    websiteUrl: 'https://edited.example.test/',
    taxId: 'TIN-998',
    registrationNumber: 'RC-12345',
    invoiceFooterNote: 'Thank you for your business.',
    collectsGovernmentPayments: true,
  });

  // Clearing an optional field clears it; a server refusal shows its message.
  await page.getByRole('button', { name: `Edit Edited ${tag}` }).click();
  await expect(dialog.getByLabel('Collects government payments')).toBeChecked();
  await dialog.getByLabel('Address Line 2').fill('');
  await dialog.getByLabel('Currencies').fill('GHS, XYZ');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page, 'error', 'Failed to update organisation.')).toContainText('Unknown currency: XYZ.');
  await dialog.getByLabel('Currencies').fill('GHS, EUR');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page, 'success', 'Organisation updated successfully!')).toHaveCount(1);
  await expect(dialog).toBeHidden();
  const [again] = await findOrganisationsViaApi(page, tag);
  expect(again).toMatchObject({ addressLine2: null, currencies: ['GHS', 'EUR'], defaultCurrency: 'EUR' });
});

test('delete an organisation after confirmation; one with users is refused with the server message', async ({ page }) => {
  const tag = uniqueSuffix();
  await openOrganisations(page);
  await createOrganisationViaApi(page, { name: `Delete Me ${tag}`, code: `DL-${tag}` });
  await search(page, tag);
  await page.getByRole('button', { name: `Delete Delete Me ${tag}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete organisation' });
  await expect(confirm).toContainText(`Are you sure you want to delete the organisation Delete Me ${tag}?`);
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await saveScreen(page, 'organisations-delete-confirm');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'success', 'Organisation deleted successfully!')).toBeVisible();
  await expect(page.getByText('No organisations match your search.')).toBeVisible();
  expect(await findOrganisationsViaApi(page, tag)).toEqual([]);

  await search(page, 'Demo Organisation');
  await page.getByRole('button', { name: 'Delete Demo Organisation' }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  // Refused for its users, or first for its payment history once other specs have paid into the demo organisation.
  await expect(toast(page, 'error', 'Failed to delete organisation.')).toContainText(
    /still has \d+ users?; delete them first\.|has \d+ payments?; its payment history cannot be deleted\./,
  );
  await expect(row(page, 'Demo Organisation')).toHaveCount(1);
});
