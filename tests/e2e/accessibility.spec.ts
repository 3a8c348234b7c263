// axe-core on every page: no 'serious' or 'critical' violations (contrast among them), public pages and both roles'
// consoles, in the dark and the light theme (the system's choice, which the pages follow).
import { expect, test } from '@playwright/test';
import {
  ORGADMIN_NAV,
  STORAGE_STATE,
  SUPERADMIN_NAV,
  expectNoSeriousA11yViolations,
  saveScreen,
  urlPath,
  waitForConsole,
} from './support/console.ts';

for (const colorScheme of ['dark', 'light'] as const) {
  test.describe(`public pages, ${colorScheme} theme`, () => {
    test.use({ colorScheme });
    for (const path of ['/login', '/forgot-password', '/reset-password/x']) {
      test(`${path} has no serious accessibility violations`, async ({ page }) => {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.getByRole('button').first()).toBeVisible();
        if (path === '/forgot-password') await saveScreen(page, `forgot-password-${colorScheme}`);
        await expectNoSeriousA11yViolations(page);
      });
    }

    test('/forgot-password after sending has no serious accessibility violations', async ({ page }) => {
      await page.goto('/forgot-password');
      await page.getByLabel('Email').fill('a11y.nobody@payrail.test');
      await page.getByRole('button', { name: 'Send Reset Link' }).click();
      await expect(page.getByText('Please check your inbox for further instructions.', { exact: true })).toBeVisible();
      await expectNoSeriousA11yViolations(page, '/forgot-password (sent, with toast)');
    });

    test('/login with the login-failed toast has no serious accessibility violations', async ({ page }) => {
      await page.goto('/login');
      await page.getByLabel('Email').fill('a11y.nobody@payrail.test');
      await page.getByLabel('Password', { exact: true }).fill('wrong-password');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page.locator('.toast--error')).toBeVisible();
      await expectNoSeriousA11yViolations(page, '/login (error toast)');
    });
  });

  for (const [role, nav] of [
    ['superadmin', SUPERADMIN_NAV],
    ['orgadmin', ORGADMIN_NAV],
  ] as const) {
    test.describe(`console as ${role}, ${colorScheme} theme`, () => {
      test.use({ storageState: STORAGE_STATE[role], colorScheme });
      for (const { href } of nav) {
        test(`${href} has no serious accessibility violations`, async ({ page }) => {
          await page.goto(href);
          await expect(page).toHaveURL(urlPath(href));
          await waitForConsole(page);
          await expectNoSeriousA11yViolations(page, `${href} as ${role} (${colorScheme})`);
        });
      }
    });
  }
}
