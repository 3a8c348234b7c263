// docs/console.md#states Session and Logout; #screens "An unauthenticated visitor is sent to /login"; "Any other path redirects to /login".
import { expect, test } from '@playwright/test';
import { SUPERADMIN } from './support/constants.ts';
import {
  STORAGE_STATE,
  TOKEN_KEY,
  accountButton,
  loginThroughUi,
  readToken,
  screenHeading,
  sidebar,
  urlPath,
  waitForConsole,
} from './support/console.ts';

test('logout from the header menu removes the token and goes to /login', async ({ page }) => {
  await loginThroughUi(page, SUPERADMIN);
  await accountButton(page).click();
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  await menu.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(urlPath('/login'));
  expect(await readToken(page)).toBeNull();

  // The session is really gone: the dashboard sends us back to /login.
  await page.goto('/dashboard');
  await expect(page).toHaveURL(urlPath('/login'));
  expect(await readToken(page)).toBeNull();
});

test('visiting a dashboard page without a token goes to /login', async ({ page }) => {
  await page.goto('/dashboard/payments');
  await expect(page).toHaveURL(urlPath('/login'));
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
});

test('a garbage token is cleared and /dashboard goes to /login', async ({ page }) => {
  await page.goto('/login');
  await page.evaluate((key) => localStorage.setItem(key, 'not-a-real.jwt.token'), TOKEN_KEY);
  const me = page.waitForResponse((r) => r.url().endsWith('/api/users/me'));
  await page.goto('/dashboard');
  expect((await me).status()).toBe(401);
  await expect(page).toHaveURL(urlPath('/login'));
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  expect(await readToken(page)).toBeNull();
});

test.describe('while the session loads', () => {
  test.use({ storageState: STORAGE_STATE.superadmin });

  test('a blank dark screen shows, then the console', async ({ page }) => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/users/me', async (route) => {
      await held;
      await route.continue();
    });
    const profileRequested = page.waitForRequest('**/api/users/me');
    await page.goto('/dashboard');
    await profileRequested;
    await expect(sidebar(page)).toHaveCount(0);
    await expect(screenHeading(page)).toHaveCount(0);
    await expect(page.getByRole('banner')).toHaveCount(0);
    // Dark: the colour actually painted in the middle of the viewport.
    const painted = await page.evaluate(() => {
      let element: Element | null = document.elementFromPoint(innerWidth / 2, innerHeight / 2);
      while (element) {
        const colour = getComputedStyle(element).backgroundColor;
        if (colour && !/rgba\(.*,\s*0\)$/.test(colour) && colour !== 'transparent') return colour;
        element = element.parentElement;
      }
      return getComputedStyle(document.documentElement).backgroundColor;
    });
    const [r = 255, g = 255, b = 255] = (painted.match(/[\d.]+/g) ?? []).map(Number);
    expect(0.2126 * r + 0.7152 * g + 0.0722 * b, `background ${painted} should be dark`).toBeLessThan(60);

    release();
    await waitForConsole(page);
  });

  test("the page's head asks for the profile once, and the console uses that answer", async ({ page }) => {
    const profileRequests: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/users/me') profileRequests.push(request.method());
    });
    await page.goto('/dashboard/users');
    await waitForConsole(page);
    await expect(screenHeading(page)).toBeVisible();
    expect(profileRequests).toEqual(['GET']);
    // Every page load checks the session once: the next page's head asks again.
    await page.goto('/dashboard');
    await waitForConsole(page);
    expect(profileRequests).toEqual(['GET', 'GET']);
  });
});

test.describe('unknown paths', () => {
  for (const path of ['/nope', '/dashboard/nope', '/']) {
    test(`${path} ends on /login`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(urlPath('/login'));
      await expect(page.getByText('Sign in to the future of payments', { exact: true })).toBeVisible();
    });
  }

  test('the server answers unknown non-API paths with a 302 to /login, and API paths with 404', async ({ request }) => {
    for (const path of ['/nope', '/dashboard/nope', '/some/deep/path?x=1']) {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(302);
      expect(response.headers()['location'], path).toBe('/login');
    }
    const api = await request.get('/api/nope', { maxRedirects: 0 });
    expect(api.status()).toBe(404);
  });
});
