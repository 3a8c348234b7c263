// Every console screen fits a 360 px phone and a 1366 px desktop for both roles: nothing scrolls sideways and no
// dashboard figure breaks over two lines. Each screen is saved in the light and the dark theme for people to look at.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ORGADMIN } from './support/constants.ts';
import { ORGADMIN_NAV, STORAGE_STATE, SUPERADMIN_NAV, saveScreen, screenHeading, urlPath } from './support/console.ts';
import { expectFiguresOnOneLine, expectNoSidewaysScroll, expectRowActionsOnOneLine, expectSidebarFullHeight } from './support/layout.ts';
import { apiToken } from './support/users-api.ts';

const VIEWPORTS = [
  { width: 360, height: 780 },
  { width: 1366, height: 768 },
] as const;

const THEMES = ['light', 'dark'] as const;

/** Payments of the demo organisation with long names and amounts in the millions, the widest a screen must fit. */
const WIDE_PAYMENTS = [
  { key: 'layout-spec-pending', amount: '9876543.21', currency: 'GHS', paid: false },
  { key: 'layout-spec-paid', amount: '1234567.89', currency: 'GHS', paid: true },
  { key: 'layout-spec-dollars', amount: '250000.00', currency: 'USD', paid: false },
] as const;

/** Creates WIDE_PAYMENTS once: both workers may run this, and the idempotency keys make the second run a no-op. */
async function createWidePayments(request: APIRequestContext): Promise<void> {
  const headers = { authorization: `Bearer ${await apiToken(request, ORGADMIN)}` };
  for (const payment of WIDE_PAYMENTS) {
    const created = await request.post('/api/payments', {
      headers: { ...headers, 'idempotency-key': payment.key },
      data: {
        amount: payment.amount,
        currency: payment.currency,
        customerName: 'Akosua Serwaa Owusu-Ansah Boateng',
        customerEmail: 'akosua.serwaa.owusu-ansah.boateng@accounts.example.test',
        description: 'Layout check',
      },
    });
    expect([200, 201], await created.text()).toContain(created.status());
    const { id, status } = (await created.json()) as { id: string; status: string };
    if (!payment.paid || status !== 'Pending') continue;
    const marked = await request.patch(`/api/payments/${id}/mark-success`, { headers });
    // The other worker may have marked it paid a moment before.
    if (marked.status() !== 200) expect(await marked.text()).toContain('already paid');
  }
}

test.beforeAll(async ({ request }) => {
  await createWidePayments(request);
});

/** "payments" for /dashboard/payments, "dashboard" for /dashboard. */
const slug = (href: string) => href.replace(/^\/dashboard\/?/, '') || 'dashboard';

/** Loads a screen and waits until its data has arrived and rendered. */
async function openScreen(page: Page, href: string): Promise<void> {
  await page.goto(href);
  await expect(page).toHaveURL(urlPath(href));
  await expect(screenHeading(page)).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.loading-overlay')).toHaveCount(0);
}

/** Saves the current page once per theme, as test-results/screens/layout-<name>-<theme>.png. */
async function saveInBothThemes(page: Page, name: string): Promise<void> {
  for (const colorScheme of THEMES) {
    await page.emulateMedia({ colorScheme });
    await saveScreen(page, `layout-${name}-${colorScheme}`);
  }
}

for (const [role, nav] of [
  ['superadmin', SUPERADMIN_NAV],
  ['orgadmin', ORGADMIN_NAV],
] as const) {
  for (const viewport of VIEWPORTS) {
    test.describe(`${role} at ${viewport.width} px`, () => {
      // No colour transitions: a screenshot right after the theme changes shows the theme, not a blend.
      test.use({ storageState: STORAGE_STATE[role], viewport, reducedMotion: 'reduce' });

      for (const { href } of nav) {
        test(`${href} fits the screen`, async ({ page }) => {
          const label = `${href} as ${role} at ${viewport.width} px`;
          await openScreen(page, href);
          await saveInBothThemes(page, `${role}-${viewport.width}-${slug(href)}`);
          await expectNoSidewaysScroll(page, label);
          if (href === '/dashboard') await expectFiguresOnOneLine(page.locator('.stat-card__value, .org-volume-list__total'), label);
          if (viewport.width > 900) {
            await expectRowActionsOnOneLine(page, label);
            await expectSidebarFullHeight(page, label);
          }
        });
      }
    });
  }
}

for (const viewport of VIEWPORTS) {
  test.describe(`orgadmin's invoice preview at ${viewport.width} px`, () => {
    test.use({ storageState: STORAGE_STATE.orgadmin, viewport, reducedMotion: 'reduce' });

    test('fits the screen with its title and every link', async ({ page }) => {
      await openScreen(page, '/dashboard/payments');
      await page
        .getByRole('button', { name: /^View invoice/ })
        .first()
        .click();
      const dialog = page.getByRole('dialog', { name: /^Invoice / });
      await expect(dialog).toBeVisible();
      for (const name of ['Print / Save PDF', 'Open in new tab', 'Download PDF']) {
        await expect(dialog.getByRole('link', { name })).toBeInViewport({ ratio: 1 });
      }
      // The lines the payment reference takes in the dialog's heading.
      const referenceLines = await dialog.getByRole('heading', { name: /^Invoice / }).evaluate((heading) => {
        const text = heading.textContent ?? '';
        const start = text.indexOf('PAY-');
        const walker = document.createTreeWalker(heading, NodeFilter.SHOW_TEXT);
        const range = document.createRange();
        for (let offset = 0, node = walker.nextNode(); node; offset += node.textContent?.length ?? 0, node = walker.nextNode()) {
          const length = node.textContent?.length ?? 0;
          if (start >= offset && start < offset + length) range.setStart(node, start - offset);
          if (offset + length === text.length) range.setEnd(node, length);
        }
        return new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top))).size;
      });
      await saveInBothThemes(page, `orgadmin-${viewport.width}-invoice-preview`);
      expect(referenceLines, 'the reference in the title stays whole').toBe(1);
      await expectNoSidewaysScroll(page, `invoice preview at ${viewport.width} px`);
    });
  });
}

test.describe('theme', () => {
  test.use({ storageState: STORAGE_STATE.orgadmin, colorScheme: 'light' });

  test("follows the system until the header's toggle chooses, and the choice is there from the first paint", async ({ page }) => {
    const html = page.locator('html');
    await openScreen(page, '/dashboard');
    await expect(html).toHaveAttribute('data-theme', 'light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(html).toHaveAttribute('data-theme', 'dark');

    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    await expect(html).toHaveAttribute('data-theme', 'light');
    // The theme once the document is parsed, before any module script (the console's React) has run.
    await page.addInitScript(() => {
      document.addEventListener('readystatechange', () => {
        if (document.readyState === 'interactive')
          sessionStorage.setItem('themeWhenParsed', document.documentElement.dataset['theme'] ?? '');
      });
    });
    await openScreen(page, '/dashboard/payments');
    expect(await page.evaluate(() => sessionStorage.getItem('themeWhenParsed'))).toBe('light');
    await expect(html).toHaveAttribute('data-theme', 'light');
    await expect(page.getByRole('button', { name: 'Switch to dark theme' })).toBeVisible();
  });
});
