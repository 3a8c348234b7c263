// docs/console.md#screens Users (organisation users, All System Users), #validation (new/edit user, delete confirmations), #messages toasts.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { BASE_URL, ORGADMIN, SUPERADMIN } from './support/constants.ts';
import { expectNoSeriousA11yViolations, loginThroughUi, saveScreen, screenHeading, toast, urlPath } from './support/console.ts';
import { apiCreateUser, apiToken, saveWholeScreen, signIn, uniqueTag } from './support/users-api.ts';

const PIXEL = 'tests/fixtures/pixel.png';
const NOT_AN_IMAGE = 'tests/fixtures/fake-image.png';

function searchBox(page: Page): Locator {
  return page.getByRole('searchbox', { name: 'Search users' });
}

function usersTable(page: Page): Locator {
  return page.getByRole('main').getByRole('table');
}

/** The table row holding `text` (an e-mail is unique). */
function row(page: Page, text: string): Locator {
  return usersTable(page).getByRole('row').filter({ hasText: text });
}

async function search(page: Page, text: string): Promise<void> {
  await searchBox(page).fill(text);
  await expect(page.getByText(/\d+ users? found/)).toBeVisible();
}

async function columnHeaders(page: Page): Promise<string[]> {
  const headers = usersTable(page).getByRole('columnheader');
  await expect(headers.first()).toBeVisible();
  return (await headers.allTextContents()).map((text) => text.trim());
}

test.describe('organisation users (orgadmin)', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, ORGADMIN, '/dashboard/users');
  });

  test('shows the organisation table without the empty state', async ({ page }) => {
    await expect(screenHeading(page)).toHaveText('Organisation Users');
    expect(await columnHeaders(page)).toEqual(['Name', 'Email', 'Role', 'Actions']);
    await expect(row(page, 'orgadmin@demo.payrail.local')).toContainText('Org Admin');
    await expect(page.getByText('No users found in your organisation.', { exact: true })).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: 'Pagination' })).toBeVisible();
    await saveWholeScreen(page, 'users-organisation');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload(); // a fresh render: no drawer transition caught mid-way
    await expect(row(page, 'orgadmin@demo.payrail.local')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth), 'no sideways page scroll').toBeLessThanOrEqual(390);
    await saveScreen(page, 'users-organisation-narrow');
    await page.setViewportSize({ width: 1280, height: 720 });
    await expectNoSeriousA11yViolations(page, '/dashboard/users (orgadmin)');
    await page.getByRole('button', { name: 'Add User' }).click();
    await expect(page.getByRole('dialog', { name: 'Add User' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'Add User modal');
  });

  test('adds a user, edits name and avatar, rejects a short password, and deletes', async ({ page }) => {
    const tag = uniqueTag();
    const email = `org.user.${tag}@payrail.test`;
    await expect(screenHeading(page)).toHaveText('Organisation Users');

    // Add User
    await page.getByRole('button', { name: 'Add User' }).click();
    const add = page.getByRole('dialog', { name: 'Add User' });
    await expect(add.getByLabel('Email')).toHaveAttribute('type', 'email');
    await add.getByLabel('Full Name').fill(`Ama ${tag}`);
    await add.getByLabel('Email').fill(email);
    await add.getByLabel('Password').fill('short');
    await add.getByRole('button', { name: 'Add User' }).click();
    await expect(add.getByText('Password must be at least 8 characters long.')).toBeVisible();
    await add.getByLabel('Password').fill('Org-User-Pass-1');
    await saveScreen(page, 'users-add-modal');
    await add.getByRole('button', { name: 'Add User' }).click();
    await expect(toast(page, 'success', 'User created successfully!')).toBeVisible();
    await expect(add).toBeHidden();
    await search(page, tag);
    await expect(row(page, email)).toContainText(`Ama ${tag}`);
    await expect(row(page, email)).toContainText('Org Admin');

    // Edit: a short new password stops before anything is sent
    const patches: string[] = [];
    page.on('request', (request) => {
      if (request.method() !== 'GET' && /\/api\/(users|files)/.test(request.url())) patches.push(request.url());
    });
    await row(page, email).getByRole('button', { name: /^Edit/ }).click();
    const edit = page.getByRole('dialog', { name: 'Edit User' });
    await expect(edit.getByLabel('Full Name')).toHaveValue(`Ama ${tag}`);
    await expect(edit.getByLabel('Change Avatar')).toHaveAttribute('accept', 'image/png,image/jpeg,image/gif');
    await edit.getByLabel('Full Name').fill(`Ama Renamed ${tag}`);
    await edit.getByLabel('Change Avatar').setInputFiles(PIXEL);
    await edit.getByLabel('Reset Password').fill('1234567');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(edit.getByText('New password must be at least 8 characters long.', { exact: true })).toBeVisible();
    await expect(edit.getByLabel('Reset Password')).toBeFocused();
    await saveScreen(page, 'users-edit-modal');
    await expectNoSeriousA11yViolations(page, 'Edit User modal with an error');
    expect(patches).toEqual([]);

    // Blank keeps the password: name and avatar are saved
    await edit.getByLabel('Reset Password').fill('');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, 'success', 'User updated successfully!')).toBeVisible();
    await expect(edit).toBeHidden();
    await expect(row(page, email)).toContainText(`Ama Renamed ${tag}`);
    const avatar = row(page, email).locator('img.avatar');
    await expect(avatar).toHaveAttribute('src', /^\/api\/files\//);
    await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

    // Delete, with the organisation wording (no "cannot be undone")
    await row(page, email)
      .getByRole('button', { name: /^Delete/ })
      .click();
    const confirm = page.getByRole('dialog', { name: 'Delete user' });
    await expect(confirm.locator('.confirm__message')).toHaveText(`Are you sure you want to delete the user Ama Renamed ${tag}?`);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'success', 'User deleted successfully.')).toBeVisible();
    await expect(row(page, email)).toHaveCount(0);
    await expect(page.getByText('No users found in your organisation.', { exact: true })).toBeVisible();
  });

  test('an avatar the server refuses stops the update with "Avatar upload failed."', async ({ page }) => {
    const tag = uniqueTag();
    const email = `org.avatar.${tag}@payrail.test`;
    await page.getByRole('button', { name: 'Add User' }).click();
    const add = page.getByRole('dialog', { name: 'Add User' });
    await add.getByLabel('Full Name').fill(`Kofi ${tag}`);
    await add.getByLabel('Email').fill(email);
    await add.getByLabel('Password').fill('Org-User-Pass-1');
    await add.getByRole('button', { name: 'Add User' }).click();
    await expect(toast(page, 'success', 'User created successfully!')).toBeVisible();
    await search(page, tag);

    await row(page, email).getByRole('button', { name: /^Edit/ }).click();
    const edit = page.getByRole('dialog', { name: 'Edit User' });
    await edit.getByLabel('Full Name').fill(`Kofi Changed ${tag}`);
    await edit.getByLabel('Change Avatar').setInputFiles(NOT_AN_IMAGE);
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, 'error', 'Avatar upload failed.')).toBeVisible();
    await expect(edit).toBeVisible();
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await expect(row(page, email)).toContainText(`Kofi ${tag}`);
    await expect(row(page, email)).not.toContainText('Changed');
  });
});

test.describe('all system users (superadmin)', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, SUPERADMIN, '/dashboard/users');
  });

  test('lists every user with the organisation, "N/A (Superadmin)" when none', async ({ page }) => {
    await expect(screenHeading(page)).toHaveText('All System Users');
    expect(await columnHeaders(page)).toEqual(['User Name', 'Email', 'Organisation', 'Role', 'Actions']);
    await expect(page.getByText('No users found in the system.', { exact: true })).toHaveCount(0);
    await saveWholeScreen(page, 'users-all-system');
    await search(page, SUPERADMIN.email);
    await expect(row(page, SUPERADMIN.email)).toContainText('N/A (Superadmin)');
    await expect(row(page, SUPERADMIN.email)).toContainText('Superadmin');
    // Your own account can be edited but not deleted.
    await expect(row(page, SUPERADMIN.email).getByRole('button', { name: /^Delete/ })).toHaveCount(0);
    await search(page, 'orgadmin@demo.payrail.local');
    await expect(row(page, 'orgadmin@demo.payrail.local')).toContainText('Demo Organisation');
    await searchBox(page).fill(`nobody-${uniqueTag()}`);
    await expect(page.getByText('No users found in the system.', { exact: true })).toBeVisible();
  });

  test('Create User picks the organisation from a loaded select', async ({ page }) => {
    const tag = uniqueTag();
    const email = `created.${tag}@payrail.test`;
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/organisations?*', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/dashboard/users');
    await page.getByRole('button', { name: 'Create User' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create User' });
    const organisation = dialog.getByLabel('Organisation');
    await expect(organisation).toBeDisabled();
    await expect(organisation.locator('option')).toHaveText(['Loading organisations...']);
    release();
    await expect(organisation).toBeEnabled();
    expect(await organisation.locator('option').count()).toBeGreaterThan(1);
    await expect(organisation.locator('option', { hasText: 'Demo Organisation' })).toHaveCount(1);
    await expect(dialog.getByLabel('Role')).toHaveValue('orgadmin');

    await dialog.getByLabel('Full Name').fill(`Efua ${tag}`);
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Password').fill('Created-Pass-123');
    await dialog.getByRole('button', { name: 'Create User' }).click();
    await expect(dialog.getByText('Choose the organisation of the new user.')).toBeVisible();
    await expect(organisation).toBeFocused();
    await organisation.selectOption({ label: 'Demo Organisation' });
    await saveScreen(page, 'users-create-modal');
    await expectNoSeriousA11yViolations(page, 'Create User modal');
    await dialog.getByRole('button', { name: 'Create User' }).click();
    await expect(toast(page, 'success', 'User created successfully!')).toBeVisible();
    await search(page, email);
    await expect(row(page, email)).toContainText('Demo Organisation');
    await expect(row(page, email)).toContainText('Org Admin');

    // The same e-mail again: the server's message is shown.
    await page.getByRole('button', { name: 'Create User' }).click();
    await dialog.getByLabel('Full Name').fill(`Efua Again ${tag}`);
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Password').fill('Created-Pass-123');
    await dialog.getByLabel('Organisation').selectOption({ label: 'Demo Organisation' });
    await dialog.getByRole('button', { name: 'Create User' }).click();
    await expect(toast(page, 'error', 'A user with this email already exists.')).toBeVisible();
    await expect(dialog).toBeVisible();
  });

  test('pages through more than ten users', async ({ page }) => {
    const tag = uniqueTag();
    const token = await apiToken(page.request, SUPERADMIN);
    const orgs = (await (
      await page.request.get('/api/organisations?all=true', { headers: { authorization: `Bearer ${token}` } })
    ).json()) as {
      items: { id: number }[];
    };
    const orgId = orgs.items[0]?.id;
    expect(orgId).toBeDefined();
    for (let i = 1; i <= 11; i += 1) {
      await apiCreateUser(page.request, token, {
        name: `Pager ${tag} ${String(i).padStart(2, '0')}`,
        email: `pager.${tag}.${i}@payrail.test`,
        password: 'Pager-Pass-123',
        orgId,
      });
    }
    await page.goto('/dashboard/users');
    await search(page, `pager.${tag}`);
    await expect(page.getByText('11 users found')).toBeVisible();
    const pager = page.getByRole('navigation', { name: 'Pagination' });
    await expect(pager.getByText('Page 1 of 2')).toBeVisible();
    await expect(usersTable(page).locator('tbody tr')).toHaveCount(10);
    await pager.getByRole('button', { name: 'Next' }).click();
    await expect(pager.getByText('Page 2 of 2')).toBeVisible();
    await expect(usersTable(page).locator('tbody tr')).toHaveCount(1);
    await expect(pager.getByRole('button', { name: 'Next' })).toBeDisabled();
    await pager.getByLabel('Users per page').selectOption('25');
    await expect(pager.getByText('Page 1 of 1')).toBeVisible();
    await expect(usersTable(page).locator('tbody tr')).toHaveCount(11);
  });

  test('edit with a password reset, then the user signs in with it; delete says it cannot be undone', async ({ page, browser }) => {
    const tag = uniqueTag();
    const email = `reset.by.admin.${tag}@payrail.test`;
    const token = await apiToken(page.request, SUPERADMIN);
    await apiCreateUser(page.request, token, { name: `Yaw ${tag}`, email, password: 'Original-Pass-1', role: 'superadmin' });

    await page.goto('/dashboard/users');
    await search(page, email);
    await expect(row(page, email)).toContainText('N/A (Superadmin)');
    await row(page, email).getByRole('button', { name: /^Edit/ }).click();
    const edit = page.getByRole('dialog', { name: 'Edit User' });
    await edit.getByLabel('Reset Password').fill('Brand-New-Pass-9');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, 'success', 'User details and password updated successfully!')).toBeVisible();

    const other = await browser.newContext({ baseURL: BASE_URL, storageState: { cookies: [], origins: [] } });
    const otherPage = await other.newPage();
    await loginThroughUi(otherPage, { email, password: 'Brand-New-Pass-9' });
    await expect(otherPage).toHaveURL(urlPath('/dashboard'));
    await other.close();

    await row(page, email)
      .getByRole('button', { name: /^Delete/ })
      .click();
    const confirm = page.getByRole('dialog', { name: 'Delete user' });
    await expect(confirm.locator('.confirm__message')).toHaveText(
      `Are you sure you want to delete the user Yaw ${tag}? This action cannot be undone.`,
    );
    await saveScreen(page, 'users-delete-confirm');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'success', 'User deleted successfully.')).toBeVisible();
    await expect(row(page, email)).toHaveCount(0);
  });
});
