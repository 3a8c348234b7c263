// docs/security.md#two-factor-sign-in and #sessions: enrol in the console with a code computed here, then sign in with one.
import { expect, test, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { TWO_FACTOR_USER } from './support/constants.ts';
import { loginThroughUi, readToken, saveScreen, submitLogin, toast, urlPath, waitForConsole } from './support/console.ts';

const STEP_MS = 30_000;
const codeAt = (secret: string, at: number) => new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: at });

/** Screenshots at phone and laptop width, light and dark, for people to look at. */
async function saveScreens(page: Page, name: string): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    for (const width of [360, 1366]) {
      await page.setViewportSize({ width, height: width === 360 ? 780 : 900 });
      await saveScreen(page, `${name}-${width}-${colorScheme}`);
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 720 });
}

test('enrol in two-factor sign-in with a computed code, then sign in with the password and a code', async ({ page }) => {
  // Sixteen screenshots besides two sign-ins: 55 s on a slow 2-core host (the CI gate of 2026-12-08), past the 60 s
  // default with the rest of the test.
  test.slow();
  await loginThroughUi(page, TWO_FACTOR_USER);
  await page.goto('/dashboard/settings');
  await waitForConsole(page);
  const twoFactor = page.getByRole('region', { name: 'Two-factor authentication' });
  await expect(twoFactor.getByText('Only your password protects this account.')).toBeVisible();
  const sessions = page.getByRole('region', { name: 'Active sessions' });
  await expect(sessions.getByText('This device')).toBeVisible();

  await twoFactor.getByRole('button', { name: 'Set up two-factor authentication' }).click();
  const dialog = page.getByRole('dialog', { name: 'Set up two-factor authentication' });
  await expect(dialog.locator('.qr-code svg')).toBeVisible();
  const secret = (await dialog.locator('.two-factor-enrol__key code').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await saveScreens(page, 'two-factor-enrol');
  await dialog.getByLabel('Authentication code').fill(codeAt(secret, Date.now()));
  await dialog.getByRole('button', { name: 'Turn on' }).click();

  const codes = dialog.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  await expect(toast(page, 'success', 'Two-factor authentication turned on.')).toBeVisible();
  await saveScreens(page, 'two-factor-recovery-codes');
  await dialog.getByRole('button', { name: 'I have saved my recovery codes' }).click();
  await expect(twoFactor.getByText('10 of 10 recovery codes left.')).toBeVisible();
  await saveScreens(page, 'settings-two-factor-on');

  // Sign out, then in again: the password alone is no longer enough.
  await page.evaluate(() => localStorage.clear());
  await page.goto('/login');
  await submitLogin(page, TWO_FACTOR_USER);
  const code = page.getByLabel('Authentication code').filter({ visible: true });
  await expect(code).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeHidden();
  expect(await readToken(page)).toBeNull();
  await saveScreens(page, 'login-code-step');

  await code.fill('000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(toast(page, 'error', 'Invalid authentication code.')).toBeVisible();
  await expect(page).toHaveURL(urlPath('/login'));

  // The enrolment used this step's code, and a code works once: the next step's (accepted as clock drift) signs in.
  await code.fill(codeAt(secret, Date.now() + STEP_MS));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(urlPath('/dashboard'));
  expect(await readToken(page)).not.toBeNull();

  await page.goto('/dashboard/settings');
  await waitForConsole(page);
  await expect(page.getByRole('region', { name: 'Active sessions' }).getByText('This device')).toBeVisible();
});
