// axe-core on every page: no 'serious' or 'critical' violations (contrast among them), public pages and both roles'
// consoles, in the dark and the light theme (the system's choice, which the pages follow). One test per page covers
// both themes (expectNoSeriousA11yViolationsInBothThemes): every rule in the dark one, the colour rules in the light.
import { expect, test, type Page } from '@playwright/test';
import {
  ORGADMIN_NAV,
  STORAGE_STATE,
  SUPERADMIN_NAV,
  expectNoSeriousA11yViolationsInBothThemes,
  saveScreen,
  urlPath,
  waitForConsole,
} from './support/console.ts';

/** The theme the page shows ('dark' or 'light'). */
function shownTheme(page: Page): Promise<string | undefined> {
  return page.evaluate(() => document.documentElement.dataset['theme']);
}

test.describe('public pages', () => {
  for (const path of ['/login', '/forgot-password', '/reset-password/x']) {
    test(`${path} has no serious accessibility violations in either theme`, async ({ page }) => {
      await expectNoSeriousA11yViolationsInBothThemes(page, async () => {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.getByRole('button').first()).toBeVisible();
        if (path === '/forgot-password') await saveScreen(page, `forgot-password-${await shownTheme(page)}`);
      });
    });
  }

  /** Sends the forgot-password form for an unknown address; the page then shows its confirmation and a toast. */
  async function sendResetLink(page: Page): Promise<void> {
    await page.goto('/forgot-password');
    await page.getByLabel('Email').fill('a11y.nobody@payrail.test');
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(page.getByText('Please check your inbox for further instructions.', { exact: true })).toBeVisible();
  }

  /** Signs in with a wrong password; the page then shows the login-failed toast. */
  async function failSignIn(page: Page): Promise<void> {
    await page.goto('/login');
    await page.getByLabel('Email').fill('a11y.nobody@payrail.test');
    await page.getByLabel('Password', { exact: true }).fill('wrong-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.locator('.toast--error')).toBeVisible();
  }

  test('/forgot-password after sending has no serious accessibility violations in either theme', async ({ page }) => {
    await expectNoSeriousA11yViolationsInBothThemes(page, () => sendResetLink(page), '/forgot-password (sent, with toast)');
  });

  test('/login with the login-failed toast has no serious accessibility violations in either theme', async ({ page }) => {
    await expectNoSeriousA11yViolationsInBothThemes(page, () => failSignIn(page), '/login (error toast)');
  });
});

for (const [role, nav] of [
  ['superadmin', SUPERADMIN_NAV],
  ['orgadmin', ORGADMIN_NAV],
] as const) {
  test.describe(`console as ${role}`, () => {
    test.use({ storageState: STORAGE_STATE[role] });
    for (const { href } of nav) {
      test(`${href} has no serious accessibility violations in either theme`, async ({ page }) => {
        await expectNoSeriousA11yViolationsInBothThemes(
          page,
          async () => {
            await page.goto(href);
            await expect(page).toHaveURL(urlPath(href));
            await waitForConsole(page);
          },
          `${href} as ${role}`,
        );
      });
    }
  });
}
