// docs/console.md#screens /forgot-password and /reset-password/{token}, #validation reset validation, #messages forgot/reset messages.
import { expect, test, type Page } from '@playwright/test';
import { RESET_REUSE_USER, RESET_USER } from './support/constants.ts';
import { loginThroughUi, readToken, saveScreen, submitLogin, toast, urlPath } from './support/console.ts';
import { resetLinkIn, waitForMail } from './support/mailbox.ts';

/** Requests a reset link for `email` on /forgot-password and checks the page's answer. */
async function requestResetLink(page: Page, email: string): Promise<void> {
  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();

  await expect(page.getByText('Please check your inbox for further instructions.', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send Reset Link' })).toBeHidden();
  await expect(page.getByLabel('Email')).toBeHidden();
  await expect(toast(page, 'success', 'If an account exists for this email, a reset link has been sent.')).toBeVisible();
  await expect(page.getByRole('link', { name: /login/i }).first()).toHaveAttribute('href', '/login');
}

function resetForm(page: Page) {
  return {
    password: page.getByLabel('New Password', { exact: true }),
    confirm: page.getByLabel('Confirm New Password', { exact: true }),
    submit: page.getByRole('button', { name: 'Reset Password' }),
  };
}

const isResetCall = (url: string) => new URL(url).pathname === '/api/auth/reset-password';

test('forgot password: e-mail, mismatch, reset, then only the new password works', async ({ page }) => {
  const newPassword = 'E2e-Reset-Changed2';
  const since = Date.now();
  await requestResetLink(page, RESET_USER.email);
  await saveScreen(page, 'forgot-password-sent');

  const mail = await waitForMail(RESET_USER.email, { since });
  expect(mail.subject).toMatch(/reset/i);
  const link = resetLinkIn(mail);

  await page.goto(link);
  await expect(page).toHaveURL(link);
  const form = resetForm(page);
  await expect(form.password).toBeVisible();
  await expect(form.confirm).toBeVisible();
  await saveScreen(page, 'reset-password');

  // A mismatched confirmation is refused in the page: nothing is sent.
  const resetCalls: string[] = [];
  page.on('request', (request) => {
    if (isResetCall(request.url())) resetCalls.push(request.url());
  });
  await form.password.fill(newPassword);
  await form.confirm.fill(`${newPassword}-typo`);
  await form.submit.click();
  await expect(page.getByText('Passwords do not match.', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(link);
  expect(resetCalls).toEqual([]);

  await form.confirm.fill(newPassword);
  const reset = page.waitForResponse((r) => isResetCall(r.url()));
  await form.submit.click();
  expect((await reset).status()).toBe(200);
  await expect(page).toHaveURL(urlPath('/login'));
  await expect(toast(page, 'success', 'Your password has been reset successfully!')).toBeVisible();

  // The old password no longer works...
  await submitLogin(page, RESET_USER);
  await expect(toast(page, 'error', 'Login failed')).toContainText('Invalid email or password.');
  expect(await readToken(page)).toBeNull();

  // ...the new one does.
  await submitLogin(page, { email: RESET_USER.email, password: newPassword });
  await expect(page).toHaveURL(urlPath('/dashboard'));
  expect(await readToken(page)).toBeTruthy();
});

test('a reset link works only once', async ({ page }) => {
  const since = Date.now();
  await requestResetLink(page, RESET_REUSE_USER.email);
  const link = resetLinkIn(await waitForMail(RESET_REUSE_USER.email, { since }));

  await page.goto(link);
  let form = resetForm(page);
  await form.password.fill('E2e-Reuse-First22');
  await form.confirm.fill('E2e-Reuse-First22');
  await form.submit.click();
  await expect(page).toHaveURL(urlPath('/login'));
  await expect(toast(page, 'success', 'Your password has been reset successfully!')).toBeVisible();

  await page.goto(link);
  form = resetForm(page);
  await form.password.fill('E2e-Reuse-Second33');
  await form.confirm.fill('E2e-Reuse-Second33');
  const reset = page.waitForResponse((r) => isResetCall(r.url()));
  await form.submit.click();
  expect((await reset).status()).toBe(400);
  await expect(toast(page, 'error', 'Invalid or expired token. Please try again.')).toBeVisible();
  await expect(page).toHaveURL(link);

  // The first new password is the one that holds.
  await loginThroughUi(page, { email: RESET_REUSE_USER.email, password: 'E2e-Reuse-First22' });
});

test('a made-up reset token is refused', async ({ page }) => {
  await page.goto('/reset-password/this-token-does-not-exist');
  const form = resetForm(page);
  await form.password.fill('E2e-Whatever-Pass1');
  await form.confirm.fill('E2e-Whatever-Pass1');
  await form.submit.click();
  await expect(toast(page, 'error', 'Invalid or expired token. Please try again.')).toBeVisible();
  await expect(page).toHaveURL(urlPath('/reset-password/this-token-does-not-exist'));
});

test('forgot password: the e-mail is required', async ({ page }) => {
  await page.goto('/forgot-password');
  const calls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/auth/')) calls.push(request.url());
  });
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  expect(await page.getByLabel('Email').evaluate((input: HTMLInputElement) => input.validity.valueMissing)).toBe(true);
  await expect(page.getByText('Please check your inbox for further instructions.', { exact: true })).toBeHidden();
  expect(calls).toEqual([]);
});

test('forgot password for an unknown e-mail answers the same and sends nothing', async ({ page }) => {
  const since = Date.now();
  const unknown = 'nobody.here@payrail.test';
  await requestResetLink(page, unknown);
  await expect(waitForMail(unknown, { since, timeout: 1500 })).rejects.toThrow(/no e-mail/);
});
