// docs/console.md#states Session and Logout; #screens "An unauthenticated visitor is sent to /login"; "Any other path redirects to /login".
import { expect, test, type Page } from '@playwright/test';
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

/** Holds every request matching `pattern` until the returned function is called; collects their URLs. */
async function holdRequests(page: Page, pattern: string): Promise<{ urls: string[]; release: () => void }> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const urls: string[] = [];
  await page.route(pattern, async (route) => {
    urls.push(route.request().url());
    await held;
    await route.continue();
  });
  return { urls, release };
}

test.describe("the screen's heading comes with the page, before its modules", () => {
  test.describe('superadmin', () => {
    test.use({ storageState: STORAGE_STATE.superadmin });

    test('hidden until the profile answers; shown before any island loads; then the island takes its place', async ({ page }) => {
      const profile = await holdRequests(page, '**/api/users/me');
      const modules = await holdRequests(page, '**/_astro/*.js');
      await page.goto('/dashboard/users', { waitUntil: 'domcontentloaded' });
      await expect.poll(() => profile.urls.length).toBe(1);
      await expect(screenHeading(page)).toHaveCount(0);
      // The islands and their modules wait for the session check.
      expect(modules.urls).toEqual([]);

      profile.release();
      await expect(screenHeading(page)).toHaveText('All System Users');
      await expect(page.getByText('Everyone who can sign in to Payrail, across every organisation.')).toBeVisible();
      await expect(sidebar(page)).toHaveCount(0);
      await expect.poll(() => modules.urls.length).toBeGreaterThan(0);

      modules.release();
      await waitForConsole(page);
      await expect(screenHeading(page)).toHaveCount(1);
      await expect(page.locator('[data-early-heading]')).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Create User' })).toBeVisible();
    });
  });

  test.describe('superadmin, a screen whose whole first frame is in the HTML', () => {
    test.use({ storageState: STORAGE_STATE.superadmin });

    test("the logs screen's panels show before its modules load, and the island replaces them", async ({ page }) => {
      const modules = await holdRequests(page, '**/_astro/*.js');
      await page.goto('/dashboard/system-logs', { waitUntil: 'domcontentloaded' });
      // A picture of the screen until the island renders: visible, but inert (no focus, no clicks).
      const frame = page.locator('[data-early-heading]');
      const superadminFrame = frame.locator('[data-for-role="superadmin"]');
      await expect(superadminFrame.getByText('System Logs', { exact: true })).toBeVisible();
      await expect(superadminFrame.getByText('API Logs', { exact: true })).toBeVisible();
      // As the island renders before any data: the panels below the first show once the one above has its rows.
      await expect(superadminFrame.getByText('Webhook Logs', { exact: true })).toBeHidden();
      // The organisation admin's frame is in the HTML too, hidden.
      await expect(frame.locator('[data-for-role="orgadmin"]')).toBeHidden();
      await expect(frame).toHaveAttribute('inert', '');
      modules.release();
      await waitForConsole(page);
      await expect(frame).toHaveCount(0);
      await expect(screenHeading(page)).toHaveText('System Logs');
      await expect(page.getByRole('heading', { name: 'API Logs' })).toHaveCount(1);
      await expect(page.getByRole('heading', { name: 'Webhook Logs' })).toBeVisible();
    });
  });

  test.describe('orgadmin', () => {
    test.use({ storageState: STORAGE_STATE.orgadmin });

    test("an organisation admin's variant, with the organisation's name filled in", async ({ page }) => {
      const modules = await holdRequests(page, '**/_astro/*.js');
      await page.goto('/dashboard/users', { waitUntil: 'domcontentloaded' });
      await expect(screenHeading(page)).toHaveText('Organisation Users');
      await expect(page.getByText('Everyone who can sign in for Demo Organisation.')).toBeVisible();
      await expect(page.getByText('All System Users')).toBeHidden();
      modules.release();
      await waitForConsole(page);
      await expect(screenHeading(page)).toHaveText('Organisation Users');
      await expect(page.getByText('Everyone who can sign in for Demo Organisation.')).toHaveCount(1);
    });
  });

  test('a refused session check reveals nothing and ends on /login', async ({ page }) => {
    await page.goto('/login');
    await page.evaluate((key) => localStorage.setItem(key, 'not-a-real.jwt.token'), TOKEN_KEY);
    const modules = await holdRequests(page, '**/_astro/*.js');
    const me = page.waitForResponse((r) => r.url().endsWith('/api/users/me'));
    await page.goto('/dashboard/users', { waitUntil: 'domcontentloaded' });
    expect((await me).status()).toBe(401);
    await expect.poll(() => modules.urls.length).toBeGreaterThan(0);
    await expect(screenHeading(page)).toHaveCount(0);
    modules.release();
    await expect(page).toHaveURL(urlPath('/login'));
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
