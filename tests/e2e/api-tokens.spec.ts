// docs/console.md#screens Settings → API Tokens and the Organisations screen's API tokens dialog: the token list, Roll
// API token with a grace period after a confirmation, the new token shown once. A roll with no grace period refuses
// the old token at once (401 on the payments API) while the new one works.
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { SCREENS_DIR, SUPERADMIN, type Account } from './support/constants.ts';
import { expectNoSeriousA11yViolations, screenHeading, toast } from './support/console.ts';
import { expectNoSidewaysScroll } from './support/layout.ts';
import { apiCreateOrganisation, apiCreateUser, apiGetJson, apiToken, signIn, uniqueTag } from './support/users-api.ts';

test.describe.configure({ mode: 'serial' });

let organisation: { id: number; name: string; code: string };
let orgadmin: Account;
let superToken: string;

test.beforeAll(async ({ request }) => {
  const tag = uniqueTag();
  superToken = await apiToken(request, SUPERADMIN);
  organisation = await apiCreateOrganisation(request, superToken, `Tokens Spec ${tag}`, `TK${tag.toUpperCase()}`.slice(0, 20));
  orgadmin = { email: `tokens.${tag}@payrail.test`, password: 'E2e-Tokens-Pass1', name: 'Tokens Admin' };
  await apiCreateUser(request, superToken, { ...orgadmin, orgId: organisation.id, role: 'orgadmin' });
});

/** The status of a payments API call authenticated by an organisation API token. */
async function paymentsStatus(request: APIRequestContext, token: string): Promise<number> {
  return (await request.get('/api/payments', { headers: { authorization: `Bearer ${token}` } })).status();
}

function tokensSection(page: Page): Locator {
  return page.getByRole('region', { name: 'API Tokens' });
}

async function openSettings(page: Page): Promise<Locator> {
  await signIn(page, orgadmin, '/dashboard/settings');
  await expect(screenHeading(page)).toHaveText('Settings');
  const section = tokensSection(page);
  await expect(section.getByRole('list', { name: 'API tokens' }).getByRole('listitem').first()).toBeVisible();
  return section;
}

test('an orgadmin rolls the API token with no grace period: the old token gets 401 at once, the new one works', async ({
  page,
  request,
}) => {
  const old = (await apiGetJson<{ apiToken: string }>(request, superToken, `/api/organisations/${organisation.id}`)).apiToken;
  expect(await paymentsStatus(request, old)).toBe(200);

  const section = await openSettings(page);
  await expect(section.getByRole('listitem').first()).toContainText(`••••${old.slice(-4)}`);
  await expect(section.getByRole('listitem').first()).toContainText('Current');
  await section.getByLabel('Old token keeps working for').selectOption('0');
  await section.getByRole('button', { name: 'Roll API token' }).click();
  const dialog = page.getByRole('dialog', { name: 'Roll API token' });
  await expect(dialog).toContainText('The current token stops working at once');
  await dialog.getByRole('button', { name: 'Roll API token' }).click();
  await expect(toast(page, 'success', 'API token rolled.')).toBeVisible();

  const fresh = await section.getByRole('textbox', { name: 'New API token' }).inputValue();
  expect(fresh).toMatch(/^prt_[A-Za-z0-9_-]{43}$/);
  expect(await paymentsStatus(request, old)).toBe(401);
  expect(await paymentsStatus(request, fresh)).toBe(200);
  const items = section.getByRole('list', { name: 'API tokens' }).getByRole('listitem');
  await expect(items.first()).toContainText(`••••${fresh.slice(-4)}`);
  await expect(items.nth(1)).toContainText('Expired');
  await expectNoSeriousA11yViolations(page, 'settings with a rolled API token');
});

test('the API tokens read well at 360 and 1366 px, light and dark, in Settings and on the Organisations screen', async ({ page }) => {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const width of [360, 1366]) {
      await page.setViewportSize({ width, height: 900 });
      const section = await openSettings(page);
      await section.getByLabel('Old token keeps working for').selectOption('24');
      await section.getByRole('button', { name: 'Roll API token' }).click();
      await page.getByRole('dialog', { name: 'Roll API token' }).getByRole('button', { name: 'Roll API token' }).click();
      await expect(section.getByRole('textbox', { name: 'New API token' })).toHaveValue(/^prt_/);
      await expect(section.getByRole('listitem').nth(1)).toContainText('Expires');
      await expectNoSidewaysScroll(page, `settings API tokens ${width} ${scheme}`);
      await section.scrollIntoViewIfNeeded();
      await section.screenshot({ path: `${SCREENS_DIR}/api-tokens-settings-${width}-${scheme}.png` });

      await signIn(page, SUPERADMIN, '/dashboard/organisations');
      await page.getByRole('searchbox', { name: 'Search organisations' }).fill(organisation.code);
      await page.getByRole('button', { name: `Roll or list API tokens of ${organisation.name}` }).click();
      const dialog = page.getByRole('dialog', { name: `API tokens of ${organisation.name}` });
      // A superadmin sees the current token in full (docs/console.md#roles), a rolled one never.
      await expect(dialog.getByRole('listitem').first()).toContainText('prt_');
      await expect(dialog.getByRole('listitem').nth(1)).not.toContainText('prt_');
      await expectNoSidewaysScroll(page, `organisations API tokens ${width} ${scheme}`);
      await page.screenshot({ path: `${SCREENS_DIR}/api-tokens-organisations-${width}-${scheme}.png` });
    }
  }
});
