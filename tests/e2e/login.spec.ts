// docs/console.md#screens /login, #states Session (login, history replaced), #messages login failure, #screens Shell.
import { expect, test } from '@playwright/test';
import { ORGADMIN, SUPERADMIN } from './support/constants.ts';
import {
  ORGADMIN_NAV,
  SUPERADMIN_NAV,
  SPEC_HEADINGS,
  accountButton,
  loginForm,
  loginThroughUi,
  readToken,
  saveScreen,
  screenHeading,
  sidebar,
  sidebarEntries,
  submitLogin,
  toast,
  urlPath,
  waitForConsole,
  type NavEntry,
} from './support/console.ts';

test.describe('login page', () => {
  test('shows the spec texts, the forgot-password link and the sign-in button', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByText('Sign in to the future of payments', { exact: true })).toBeVisible();
    const form = loginForm(page);
    await expect(form.email).toHaveAttribute('type', 'email');
    await expect(form.email).toHaveAttribute('required', '');
    await expect(form.password).toHaveAttribute('type', 'password');
    await expect(form.password).toHaveAttribute('required', '');
    await expect(page.getByRole('link', { name: 'Forgot password?', exact: true })).toHaveAttribute('href', '/forgot-password');
    await expect(form.submit).toBeEnabled();
    await saveScreen(page, 'login');

    await page.getByRole('link', { name: 'Forgot password?', exact: true }).click();
    await expect(page).toHaveURL(urlPath('/forgot-password'));
  });

  test('email and password are required: an empty form sends nothing', async ({ page }) => {
    await page.goto('/login');
    const calls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/auth/')) calls.push(request.url());
    });
    const form = loginForm(page);
    await form.submit.click();
    const missing = (input: HTMLInputElement) => input.validity.valueMissing;
    expect(await form.email.evaluate(missing)).toBe(true);
    await form.email.fill(SUPERADMIN.email);
    await form.submit.click();
    expect(await form.password.evaluate(missing)).toBe(true);
    await expect(page).toHaveURL(urlPath('/login'));
    expect(calls).toEqual([]);
  });

  test('a wrong password shows the login-failed toast and keeps no token', async ({ page }) => {
    await page.goto('/login');
    const login = page.waitForResponse((r) => r.url().endsWith('/api/auth/login') && r.request().method() === 'POST');
    await submitLogin(page, { email: SUPERADMIN.email, password: 'definitely-not-the-password' });
    expect((await login).status()).toBe(401);

    const error = toast(page, 'error', 'Login failed');
    await expect(error).toBeVisible();
    await expect(error).toContainText('Invalid email or password.');
    await expect(page).toHaveURL(urlPath('/login'));
    expect(await readToken(page)).toBeNull();
    await expect(loginForm(page).submit).toBeEnabled();
  });

  test('an unknown e-mail gets the same answer as a wrong password', async ({ page }) => {
    await page.goto('/login');
    await submitLogin(page, { email: 'nobody@payrail.test', password: 'whatever-password' });
    await expect(toast(page, 'error', 'Login failed')).toContainText('Invalid email or password.');
    expect(await readToken(page)).toBeNull();
  });
});

test.describe('signing in', () => {
  test('superadmin lands on /dashboard, history replaced, header and sidebar per spec', async ({ page }) => {
    // Reach /login by a link so there is a page before it in the history.
    await page.goto('/forgot-password');
    await page.getByRole('link', { name: 'Back to login' }).click();
    await expect(page).toHaveURL(urlPath('/login'));
    await submitLogin(page, SUPERADMIN);
    await expect(page).toHaveURL(urlPath('/dashboard'));
    await waitForConsole(page);
    expect(await readToken(page)).toBeTruthy();

    const header = accountButton(page);
    await expect(header).toContainText(SUPERADMIN.name);
    await expect(header).toContainText(/superadmin/i);
    // The avatar (a placeholder without a picture) is really drawn.
    await expect(header.locator('img')).toBeVisible();
    expect(await header.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await sidebarEntries(page)).toEqual(SUPERADMIN_NAV);
    await saveScreen(page, 'dashboard-superadmin');

    // The login page was replaced by /dashboard: going back skips it.
    await page.goBack();
    expect(new URL(page.url()).pathname).not.toBe('/login');
    await expect(page).toHaveURL(urlPath('/forgot-password'));
  });

  test('orgadmin lands on /dashboard with the organisation sidebar', async ({ page }) => {
    await loginThroughUi(page, ORGADMIN);
    await waitForConsole(page);
    const header = accountButton(page);
    await expect(header).toContainText(ORGADMIN.name);
    await expect(header).toContainText(/org\s*admin/i);
    expect(await sidebarEntries(page)).toEqual(ORGADMIN_NAV);
    await saveScreen(page, 'dashboard-orgadmin');
  });
});

for (const [role, account, nav] of [
  ['superadmin', SUPERADMIN, SUPERADMIN_NAV],
  ['orgadmin', ORGADMIN, ORGADMIN_NAV],
] as const) {
  test(`every sidebar link opens its page (${role})`, async ({ page }) => {
    await loginThroughUi(page, account);
    // Start away from /dashboard so its link is a real navigation too.
    const ordered: NavEntry[] = [...nav.slice(1), nav[0]!];
    for (const entry of ordered) {
      await sidebar(page).getByRole('link', { name: entry.label, exact: true }).click();
      await expect(page, `${entry.label} link`).toHaveURL(urlPath(entry.href));
      await waitForConsole(page);
      await expect(sidebar(page).getByRole('link', { name: entry.label, exact: true })).toHaveAttribute('aria-current', 'page');
      await expect(sidebar(page).locator('[aria-current="page"]')).toHaveCount(1);
      const heading = SPEC_HEADINGS[role][entry.href];
      if (heading) await expect(screenHeading(page)).toHaveText(heading);
      else await expect(screenHeading(page)).not.toBeEmpty();
    }
  });
}
