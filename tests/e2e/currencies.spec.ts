// docs/console.md#screens Currency Management, #states (currency can be toggled), #validation Currency rules and delete confirmation, #constants base unit 100.
import { expect, test, type Page } from '@playwright/test';
import type { Currency } from '../../src/lib/api/types.ts';
import { referenceRowsViaApi } from './support/admin-api.ts';
import { STORAGE_STATE, expectNoSeriousA11yViolations, saveScreen, toast, waitForConsole } from './support/console.ts';

test.use({ storageState: STORAGE_STATE.superadmin });

async function openCurrencies(page: Page): Promise<void> {
  await page.goto('/dashboard/currencies');
  await waitForConsole(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Currency Management');
  await expect(page.getByRole('table', { name: 'Currencies' })).toBeVisible();
}

async function showAll(page: Page): Promise<void> {
  await page.getByLabel('Currencies per page').selectOption('100');
  await expect(page.getByText(/^Page 1 of 1$/)).toBeVisible();
}

function row(page: Page, name: string) {
  return page.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) });
}

async function storedCurrency(page: Page, code: string): Promise<Currency | undefined> {
  return (await referenceRowsViaApi<Currency>(page, 'currencies')).find((c) => c.code === code);
}

test('the table shows name, code, base unit and an enabled switch', async ({ page }) => {
  await openCurrencies(page);
  const table = page.getByRole('table', { name: 'Currencies' });
  await expect(table.getByRole('columnheader')).toHaveText(['Name', 'Code', 'Base Unit', 'Enabled', 'Actions']);
  const ghs = row(page, 'Ghana Cedi');
  await expect(ghs).toContainText('GHS');
  await expect(ghs).toContainText('100');
  await expect(ghs.getByRole('switch', { name: 'Ghana Cedi enabled' })).toHaveAttribute('aria-checked', 'true');
  await saveScreen(page, 'currencies');
});

test('create with the default base unit 100, edit, toggle and delete a currency', async ({ page }) => {
  await openCurrencies(page);

  await page.getByRole('button', { name: 'Create Currency' }).click();
  const create = page.getByRole('dialog', { name: 'Create Currency' });
  await expect(create.getByLabel('Base Unit')).toHaveValue('100');
  await create.getByLabel('Name').fill('Kenyan Shilling');
  await create.getByLabel('Code').fill('kes');
  await expect(create.getByLabel('Code')).toHaveValue('KES');
  await saveScreen(page, 'currencies-create-modal');
  await expectNoSeriousA11yViolations(page, '/dashboard/currencies (create modal)');
  const post = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/currencies'));
  await create.getByRole('button', { name: 'Create Currency' }).click();
  expect((await post).postDataJSON()).toEqual({ name: 'Kenyan Shilling', code: 'KES', baseUnit: 100 });
  await expect(toast(page, 'success', 'Currency created successfully!')).toBeVisible();
  await expect(create).toBeHidden();
  expect(await storedCurrency(page, 'KES')).toMatchObject({ name: 'Kenyan Shilling', baseUnit: 100, enabled: true });

  await showAll(page);
  await expect(row(page, 'Kenyan Shilling')).toContainText('KES');
  await expect(row(page, 'Kenyan Shilling')).toContainText('2 decimals');

  // Edit the base unit: parsed as an integer.
  await page.getByRole('button', { name: 'Edit Kenyan Shilling' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Currency' });
  await expect(edit.getByLabel('Base Unit')).toHaveValue('100');
  await edit.getByLabel('Base Unit').fill('1.5');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(edit.getByText('Base unit must be a whole number.')).toBeVisible();
  await expect(edit.getByLabel('Base Unit')).toBeFocused();
  await edit.getByLabel('Base Unit').fill('1');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page, 'success', 'Currency updated successfully!')).toBeVisible();
  await expect(row(page, 'Kenyan Shilling')).toContainText('no decimals');
  expect((await storedCurrency(page, 'KES'))?.baseUnit).toBe(1);

  // Toggle off and on.
  const toggle = page.getByRole('switch', { name: 'Kenyan Shilling enabled' });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await expect(toggle).toBeEnabled();
  expect((await storedCurrency(page, 'KES'))?.enabled).toBe(false);
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await expect(toggle).toBeEnabled();
  expect((await storedCurrency(page, 'KES'))?.enabled).toBe(true);

  // Delete after confirmation.
  await page.getByRole('button', { name: 'Delete Kenyan Shilling' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete currency' });
  await expect(confirm).toContainText('Are you sure you want to delete the currency Kenyan Shilling (KES)?');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'success', 'Currency deleted successfully!')).toBeVisible();
  await expect(row(page, 'Kenyan Shilling')).toHaveCount(0);
  expect(await storedCurrency(page, 'KES')).toBeUndefined();
});

test("a duplicate code and a currency in use show the server's message", async ({ page }) => {
  await openCurrencies(page);
  await page.getByRole('button', { name: 'Create Currency' }).click();
  const create = page.getByRole('dialog', { name: 'Create Currency' });
  await create.getByLabel('Name').fill('Cedi Again');
  await create.getByLabel('Code').fill('GHS');
  await create.getByRole('button', { name: 'Create Currency' }).click();
  await expect(toast(page, 'error', 'A currency with code GHS already exists.')).toContainText('Failed to create currency.');
  await expect(create).toBeVisible();
  await create.getByRole('button', { name: 'Cancel' }).click();

  // The demo organisation takes GHS: the server refuses to delete it.
  await page.getByRole('button', { name: 'Delete Ghana Cedi' }).click();
  await page.getByRole('dialog', { name: 'Delete currency' }).getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'error', 'Failed to delete currency.')).toContainText(/GHS is used by \d+ organisations?; disable it instead\./);
  await expect(row(page, 'Ghana Cedi')).toHaveCount(1);
});

test('name, code and base unit are required', async ({ page }) => {
  await openCurrencies(page);
  await page.getByRole('button', { name: 'Create Currency' }).click();
  const create = page.getByRole('dialog', { name: 'Create Currency' });
  await create.getByLabel('Base Unit').fill('');
  await create.getByRole('button', { name: 'Create Currency' }).click();
  await expect(create.getByText('Name is required.')).toBeVisible();
  await expect(create.getByText('Code is required.')).toBeVisible();
  await expect(create.getByText('Base unit is required.')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(create).toBeHidden();
});
