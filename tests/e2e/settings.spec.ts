// docs/console.md#screens Settings (My Profile, General & Receipt Settings, Organisation Branding, Change Password;
// a superadmin acts on the chosen organisation), docs/console.md#validation, #messages toasts. Each test signs in as an orgadmin of
// an organisation it creates, so nothing here touches the seeded accounts or the demo organisation.
import { expect, test, type Page } from '@playwright/test';
import { SUPERADMIN } from './support/constants.ts';
import {
  accountButton,
  expectNoSeriousA11yViolations,
  loginThroughUi,
  readToken,
  screenHeading,
  toast,
  urlPath,
} from './support/console.ts';
import {
  apiCreateOrganisation,
  apiCreateUser,
  apiGetJson,
  apiToken,
  saveWholeScreen,
  signIn,
  uniqueTag,
  type CreatedOrganisation,
} from './support/users-api.ts';

const PIXEL = 'tests/fixtures/pixel.png';

interface Workspace {
  organisation: CreatedOrganisation;
  email: string;
  password: string;
  name: string;
}

/** A fresh organisation with its own orgadmin, signed in on `page` and showing /dashboard/settings. */
async function openSettingsAsNewOrgadmin(page: Page): Promise<Workspace> {
  const tag = uniqueTag();
  const token = await apiToken(page.request, SUPERADMIN);
  const organisation = await apiCreateOrganisation(page.request, token, `Settings Org ${tag}`, `SET-${tag.toUpperCase()}`);
  const account = { name: `Settings Admin ${tag}`, email: `settings.${tag}@payrail.test`, password: 'Settings-Pass-1' };
  await apiCreateUser(page.request, token, { ...account, orgId: organisation.id });
  await loginThroughUi(page, account);
  await page.goto('/dashboard/settings');
  await expect(screenHeading(page)).toHaveText('Settings');
  await expect(section(page, 'General & Receipt Settings').getByLabel('Receipt Title')).toBeVisible();
  return { organisation, ...account };
}

function section(page: Page, title: string) {
  return page.getByRole('region', { name: title });
}

test('profile: a new name shows in the header', async ({ page }) => {
  const { name } = await openSettingsAsNewOrgadmin(page);
  await expect(accountButton(page)).toContainText(name);
  const profile = section(page, 'My Profile');
  await expect(profile.getByLabel('Full Name')).toHaveValue(name);
  await expect(profile.getByLabel('Profile Picture')).toHaveAttribute('accept', 'image/png,image/jpeg,image/gif');
  await profile.getByLabel('Full Name').fill(`${name} Renamed`);
  await profile.getByLabel('Profile Picture').setInputFiles(PIXEL);
  await profile.getByRole('button', { name: 'Save Profile' }).click();
  await expect(toast(page, 'success', 'Profile updated successfully!')).toBeVisible();
  await expect(accountButton(page)).toContainText(`${name} Renamed`);
  await expect(accountButton(page).locator('img')).toHaveAttribute('src', /^\/api\/files\//);
  await page.reload();
  await expect(accountButton(page)).toContainText(`${name} Renamed`);
});

test('general settings save and persist after a reload', async ({ page }) => {
  const { organisation } = await openSettingsAsNewOrgadmin(page);
  await expect(page.getByRole('main').getByText(organisation.name, { exact: true })).toBeVisible();
  const general = section(page, 'General & Receipt Settings');
  await expect(general.getByRole('list', { name: 'Currencies' }).getByRole('listitem')).toHaveText(['GHS', 'USD']);
  await expect(general.getByLabel('Default Currency')).toHaveValue('GHS');
  await expect(general.getByLabel('Logo Position').locator('option')).toHaveText(['Left', 'Center']);

  await general.getByLabel('Receipt Title').fill('Tax Receipt');
  await general.getByLabel('Logo Position').selectOption('center');
  await general.getByLabel('Default Currency').selectOption('USD');
  await general.getByLabel('Address Line 1').fill('1 Liberation Road');
  await general.getByLabel('City').fill('Kumasi');
  await general.getByLabel('Phone').fill('+233 20 000 0000');
  await general.getByLabel('Tax ID').fill('TIN-778899');
  await general.getByLabel('Invoice Footer Note').fill('Thank you for your business.');
  await general.getByLabel('Collects government payments').check();

  // A website that is not an http(s) URL is caught before sending.
  await general.getByLabel('Website URL').fill('not a url');
  await general.getByRole('button', { name: 'Save Settings' }).click();
  await expect(general.getByText('Website URL must be an http(s) URL.')).toBeVisible();
  await general.getByLabel('Website URL').fill('https://settings.example.com');
  await saveWholeScreen(page, 'settings-orgadmin');
  await general.getByRole('button', { name: 'Save Settings' }).click();
  await expect(toast(page, 'success', 'General settings saved successfully!')).toBeVisible();
  await expectNoSeriousA11yViolations(page, '/dashboard/settings (orgadmin, after saving)');

  await page.reload();
  const reloaded = section(page, 'General & Receipt Settings');
  await expect(reloaded.getByLabel('Receipt Title')).toHaveValue('Tax Receipt');
  await expect(reloaded.getByLabel('Logo Position')).toHaveValue('center');
  await expect(reloaded.getByLabel('Default Currency')).toHaveValue('USD');
  await expect(reloaded.getByLabel('Address Line 1')).toHaveValue('1 Liberation Road');
  await expect(reloaded.getByLabel('City')).toHaveValue('Kumasi');
  await expect(reloaded.getByLabel('Phone')).toHaveValue('+233 20 000 0000');
  await expect(reloaded.getByLabel('Website URL')).toHaveValue('https://settings.example.com/');
  await expect(reloaded.getByLabel('Tax ID')).toHaveValue('TIN-778899');
  await expect(reloaded.getByLabel('Invoice Footer Note')).toHaveValue('Thank you for your business.');
  await expect(reloaded.getByLabel('Collects government payments')).toBeChecked();
});

test('branding: an uploaded logo replaces the placeholder', async ({ page }) => {
  const { organisation } = await openSettingsAsNewOrgadmin(page);
  const branding = section(page, 'Organisation Branding');
  await expect(branding.getByRole('img', { name: `${organisation.name} has no logo yet` })).toHaveAttribute('src', /^data:image\/svg\+xml/);
  await branding.getByRole('button', { name: 'Upload Logo' }).click();
  await expect(branding.getByText('Choose a logo image first.')).toBeVisible();

  await branding.getByLabel('Organisation Logo').setInputFiles(PIXEL);
  await expect(branding.getByRole('img', { name: 'Preview of pixel.png' })).toHaveAttribute('src', /^data:image\/png/);
  await branding.getByRole('button', { name: 'Upload Logo' }).click();
  await expect(toast(page, 'success', 'Organisation logo updated.')).toBeVisible();
  const logo = branding.getByRole('img', { name: `${organisation.name} logo` });
  await expect(logo).toHaveAttribute('src', /^\/api\/files\//);
  await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  await page.reload();
  await expect(section(page, 'Organisation Branding').getByRole('img', { name: `${organisation.name} logo` })).toHaveAttribute(
    'src',
    /^\/api\/files\//,
  );
});

test('change password: checks the confirmation, keeps the session, and the new password signs in', async ({ page }) => {
  const { email, password } = await openSettingsAsNewOrgadmin(page);
  const form = section(page, 'Change Password');
  await form.getByLabel('Current Password').fill(password);
  await form.getByLabel(/^New Password/).fill('Changed-Pass-77');
  await form.getByLabel('Confirm New Password').fill('Changed-Pass-78');
  await form.getByRole('button', { name: 'Change Password' }).click();
  await expect(form.getByText('Passwords do not match.', { exact: true })).toBeVisible();

  await form.getByLabel('Current Password').fill('wrong-password');
  await form.getByLabel('Confirm New Password').fill('Changed-Pass-77');
  await form.getByRole('button', { name: 'Change Password' }).click();
  await expect(toast(page, 'error', 'Current password is incorrect.')).toBeVisible();

  const before = await readToken(page);
  await form.getByLabel('Current Password').fill(password);
  await form.getByLabel(/^New Password/).fill('Changed-Pass-77');
  await form.getByLabel('Confirm New Password').fill('Changed-Pass-77');
  await form.getByRole('button', { name: 'Change Password' }).click();
  await expect(toast(page, 'success', 'Password changed successfully!')).toBeVisible();
  await expect(form.getByLabel('Current Password')).toHaveValue('');
  const after = await readToken(page);
  expect(after).toBeTruthy();
  expect(after).not.toBe(before);

  // The fresh token keeps this session: a reload stays signed in.
  await page.reload();
  await expect(screenHeading(page)).toHaveText('Settings');
  await expect(page).toHaveURL(urlPath('/dashboard/settings'));

  await accountButton(page).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(urlPath('/login'));
  await loginThroughUi(page, { email, password: 'Changed-Pass-77' });
});

test.describe('as superadmin', () => {
  test('settings act on the organisation chosen in the picker', async ({ page }) => {
    const tag = uniqueTag();
    const token = await apiToken(page.request, SUPERADMIN);
    const organisation = await apiCreateOrganisation(page.request, token, `Picked Org ${tag}`, `PICK-${tag.toUpperCase()}`);

    await signIn(page, SUPERADMIN, '/dashboard/settings');
    await expect(screenHeading(page)).toHaveText('Settings');
    const picker = page.getByLabel('Organisation', { exact: true });
    await expect(picker).toBeEnabled();
    expect(await picker.locator('option').count()).toBeGreaterThan(1);
    await expect(section(page, 'My Profile')).toBeVisible();
    await expect(section(page, 'Change Password')).toBeVisible();

    await picker.selectOption({ label: organisation.name });
    const general = section(page, 'General & Receipt Settings');
    await expect(general).toContainText(organisation.name);
    await general.getByLabel('Receipt Title').fill(`Receipt ${tag}`);
    await general.getByRole('button', { name: 'Save Settings' }).click();
    await expect(toast(page, 'success', 'General settings saved successfully!')).toBeVisible();
    const saved = await apiGetJson<{ receiptTitle: string }>(page.request, token, `/api/organisations/${organisation.id}`);
    expect(saved.receiptTitle).toBe(`Receipt ${tag}`);

    await section(page, 'Organisation Branding').getByLabel('Organisation Logo').setInputFiles(PIXEL);
    await section(page, 'Organisation Branding').getByRole('button', { name: 'Upload Logo' }).click();
    await expect(toast(page, 'success', 'Organisation logo updated.')).toBeVisible();
    const withLogo = await apiGetJson<{ logoUrl: string | null }>(page.request, token, `/api/organisations/${organisation.id}`);
    expect(withLogo.logoUrl).toMatch(/^\/api\/files\//);
    await saveWholeScreen(page, 'settings-superadmin');
  });
});
