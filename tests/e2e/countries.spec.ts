// docs/console.md#screens Country Management, #states (country can be toggled), #validation Country rules and delete confirmation, #messages toasts.
import { expect, test, type Page } from '@playwright/test';
import type { Country } from '../../src/lib/api/types.ts';
import { referenceRowsViaApi } from './support/admin-api.ts';
import { STORAGE_STATE, expectNoSeriousA11yViolations, saveScreen, toast, waitForConsole } from './support/console.ts';

test.use({ storageState: STORAGE_STATE.superadmin });

async function openCountries(page: Page): Promise<void> {
  await page.goto('/dashboard/countries');
  await waitForConsole(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Country Management');
  await expect(page.getByRole('table', { name: 'Countries' })).toBeVisible();
}

/** Shows every country on one page, so a test finds its row wherever the name sorts. */
async function showAll(page: Page): Promise<void> {
  await page.getByLabel('Countries per page').selectOption('100');
  await expect(page.getByText(/^Page 1 of 1$/)).toBeVisible();
}

function row(page: Page, name: string) {
  return page.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) });
}

test('create, edit, toggle and delete a country', async ({ page }) => {
  await openCountries(page);
  await saveScreen(page, 'countries');

  // Create 'Kenya' / 'ke': the code is upper-cased as it is typed, at most 2 letters.
  await page.getByRole('button', { name: 'Create Country' }).click();
  const create = page.getByRole('dialog', { name: 'Create Country' });
  await expect(create).toBeVisible();
  await expect(create.getByLabel('Name')).toBeFocused();
  await create.getByLabel('Name').fill('Kenya');
  await create.getByLabel('Code').fill('ke');
  await expect(create.getByLabel('Code')).toHaveValue('KE');
  await expect(create.getByLabel('Code')).toHaveAttribute('maxlength', '2');
  await saveScreen(page, 'countries-create-modal');
  await expectNoSeriousA11yViolations(page, '/dashboard/countries (create modal)');
  await create.getByRole('button', { name: 'Create Country' }).click();
  await expect(toast(page, 'success', 'Country created successfully!')).toBeVisible();
  await expect(create).toBeHidden();

  await showAll(page);
  await expect(row(page, 'Kenya')).toContainText('KE');
  const kenyaSwitch = page.getByRole('switch', { name: 'Kenya enabled' });
  await expect(kenyaSwitch).toHaveAttribute('aria-checked', 'true');

  // Edit.
  await page.getByRole('button', { name: 'Edit Kenya' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Country' });
  await expect(edit.getByLabel('Name')).toHaveValue('Kenya');
  await expect(edit.getByLabel('Code')).toHaveValue('KE');
  await edit.getByLabel('Name').fill('Republic of Kenya');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page, 'success', 'Country updated successfully!')).toBeVisible();
  await expect(row(page, 'Republic of Kenya')).toContainText('KE');
  await expect(row(page, 'Kenya')).toHaveCount(0);

  // Toggle off, then on again: each sends PATCH {enabled} and the state survives a reload.
  const toggle = page.getByRole('switch', { name: 'Republic of Kenya enabled' });
  const patch = page.waitForRequest((r) => r.method() === 'PATCH' && /\/api\/countries\/\d+$/.test(r.url()));
  await toggle.click();
  expect((await patch).postDataJSON()).toEqual({ enabled: false });
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await expect(toggle).toBeEnabled();
  let stored = (await referenceRowsViaApi<Country>(page, 'countries')).find((c) => c.code === 'KE');
  expect(stored?.enabled).toBe(false);
  await page.reload();
  await waitForConsole(page);
  await showAll(page);
  await expect(page.getByRole('switch', { name: 'Republic of Kenya enabled' })).toHaveAttribute('aria-checked', 'false');
  await page.getByRole('switch', { name: 'Republic of Kenya enabled' }).press('Space');
  await expect(page.getByRole('switch', { name: 'Republic of Kenya enabled' })).toHaveAttribute('aria-checked', 'true');
  stored = (await referenceRowsViaApi<Country>(page, 'countries')).find((c) => c.code === 'KE');
  expect(stored?.enabled).toBe(true);

  // Delete asks first; Cancel keeps it.
  await page.getByRole('button', { name: 'Delete Republic of Kenya' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete country' });
  await expect(confirm).toContainText('Are you sure you want to delete the country Republic of Kenya (KE)?');
  await saveScreen(page, 'countries-delete-confirm');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(row(page, 'Republic of Kenya')).toHaveCount(1);

  await page.getByRole('button', { name: 'Delete Republic of Kenya' }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'success', 'Country deleted successfully!')).toBeVisible();
  await expect(row(page, 'Republic of Kenya')).toHaveCount(0);
  expect((await referenceRowsViaApi<Country>(page, 'countries')).some((c) => c.code === 'KE')).toBe(false);
});

test("a duplicate code shows the server's message and keeps the form open", async ({ page }) => {
  await openCountries(page);
  await page.getByRole('button', { name: 'Create Country' }).click();
  const create = page.getByRole('dialog', { name: 'Create Country' });
  await create.getByLabel('Name').fill('Gold Coast');
  await create.getByLabel('Code').fill('gh');
  const post = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/api/countries'));
  await create.getByRole('button', { name: 'Create Country' }).click();
  expect((await post).status()).toBe(409);
  const error = toast(page, 'error', 'A country with this code already exists.');
  await expect(error).toBeVisible();
  await expect(error).toContainText('Failed to create country.');
  await expect(create).toBeVisible();
  await expect(create.getByLabel('Name')).toHaveValue('Gold Coast');
  await create.getByRole('button', { name: 'Cancel' }).click();
  await expect(create).toBeHidden();
});

test('name and code are required: nothing is sent until both are given', async ({ page }) => {
  await openCountries(page);
  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/api/countries')) posts.push(r.url());
  });
  await page.getByRole('button', { name: 'Create Country' }).click();
  const create = page.getByRole('dialog', { name: 'Create Country' });
  await create.getByRole('button', { name: 'Create Country' }).click();
  await expect(create.getByText('Name is required.')).toBeVisible();
  await expect(create.getByText('Code is required.')).toBeVisible();
  await expect(create.getByLabel('Name')).toBeFocused();
  await expect(create.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
  await create.getByLabel('Name').fill('Atlantis');
  await create.getByLabel('Code').fill('a');
  await create.getByLabel('Code').press('Enter');
  await expect(create.getByText('Country code must be exactly 2 letters.')).toBeVisible();
  expect(posts).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(create).toBeHidden();
  await expect(page.getByRole('button', { name: 'Create Country' })).toBeFocused();
});

test('the pager moves through the countries and a new page size goes back to page 1', async ({ page }) => {
  await openCountries(page);
  const table = page.getByRole('table', { name: 'Countries' });
  await expect(table.getByRole('row')).toHaveCount(11); // header + 10
  await expect(page.getByText(/^Page 1 of \d+$/)).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText(/^Page 2 of \d+$/)).toBeVisible();
  await page.getByLabel('Countries per page').selectOption('25');
  await expect(page.getByText(/^Page 1 of \d+$/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Prev' })).toBeDisabled();
  await expect.poll(() => table.getByRole('row').count()).toBeGreaterThan(11);
});
