// Page helpers and spec data shared by the e2e specs.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';
import { SCREENS_DIR, type Account, APP_PORT } from './constants.ts';

/** localStorage key of the bearer token (docs/console.md#states, #constants). */
export const TOKEN_KEY = 'authToken';

/** Browser storage saved by auth.setup.ts for each role (test-results is cleared at every run). */
// Outside test-results/ (emptied by every run) and per port, so parallel runs keep their sign-ins.
export const STORAGE_STATE = {
  superadmin: `.auth/${APP_PORT}/superadmin.json`,
  orgadmin: `.auth/${APP_PORT}/orgadmin.json`,
} as const;

export interface NavEntry {
  label: string;
  href: string;
}

/** Sidebar of docs/console.md#screens "Shell" for a superadmin, in its order. */
export const SUPERADMIN_NAV: readonly NavEntry[] = [
  { href: '/dashboard', label: 'Dashboard' },
  { href: '/dashboard/payments', label: 'Payments' },
  { href: '/dashboard/banks', label: 'Banks' },
  { href: '/dashboard/organisations', label: 'Organisations' },
  { href: '/dashboard/countries', label: 'Countries' },
  { href: '/dashboard/currencies', label: 'Currencies' },
  { href: '/dashboard/gateways', label: 'Gateways' },
  { href: '/dashboard/providers', label: 'Providers' },
  { href: '/dashboard/users', label: 'Users' },
  { href: '/dashboard/system-logs', label: 'System Logs' },
  { href: '/dashboard/integration-docs', label: 'Integration Docs' },
  { href: '/dashboard/ai-reporting', label: 'AI Reporting' },
  { href: '/dashboard/settings', label: 'Settings & Webhooks' },
];

/** Sidebar for an orgadmin: 'Dashboard, Payments, Banks, Gateways, Users, System Logs, Integration Docs, AI Reporting, Settings & Webhooks, at the same paths'. */
export const ORGADMIN_NAV: readonly NavEntry[] = [
  { href: '/dashboard', label: 'Dashboard' },
  { href: '/dashboard/payments', label: 'Payments' },
  { href: '/dashboard/banks', label: 'Banks' },
  { href: '/dashboard/gateways', label: 'Gateways' },
  { href: '/dashboard/users', label: 'Users' },
  { href: '/dashboard/system-logs', label: 'System Logs' },
  { href: '/dashboard/integration-docs', label: 'Integration Docs' },
  { href: '/dashboard/ai-reporting', label: 'AI Reporting' },
  { href: '/dashboard/settings', label: 'Settings & Webhooks' },
];

/** Screen headings the spec quotes, by route and role (the other screens are only named, not quoted). */
export const SPEC_HEADINGS: Record<'superadmin' | 'orgadmin', Record<string, string>> = {
  superadmin: { '/dashboard/payments': 'All Payments', '/dashboard/banks': 'Banks', '/dashboard/integration-docs': 'Integration Docs' },
  orgadmin: {
    '/dashboard/payments': 'All Payments',
    '/dashboard/banks': 'Organisation Banks',
    '/dashboard/integration-docs': 'Integration Docs',
  },
};

/** The path of the page's URL ('/dashboard', '/login', ...), trailing slash dropped. */
export function pathOf(page: Page): string {
  const { pathname } = new URL(page.url());
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

/** A URL matcher for exactly this path (optional trailing slash, query or hash). */
export function urlPath(pathname: string): RegExp {
  const escaped = pathname.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^[a-z]+://[^/]+${escaped}/?([?#].*)?$`);
}

export function readToken(page: Page): Promise<string | null> {
  return page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY);
}

/** The toasts live region (public pages and console share the markup). */
export function toasts(page: Page): Locator {
  return page.getByRole('status', { name: 'Notifications' });
}

/** A toast of a type ('success', 'error', 'info') holding `text`. */
export function toast(page: Page, type: 'success' | 'error' | 'info', text: string): Locator {
  return toasts(page).locator(`.toast--${type}`).filter({ hasText: text });
}

export function loginForm(page: Page) {
  return {
    email: page.getByLabel('Email'),
    password: page.getByLabel('Password', { exact: true }),
    submit: page.getByRole('button', { name: 'Sign in' }),
  };
}

/** Fills and submits the sign-in form of the current /login page. */
export async function submitLogin(page: Page, account: Pick<Account, 'email' | 'password'>): Promise<void> {
  const form = loginForm(page);
  await form.email.fill(account.email);
  await form.password.fill(account.password);
  await form.submit.click();
}

/** Signs in through the UI from /login and waits for the console shell on /dashboard. */
export async function loginThroughUi(page: Page, account: Pick<Account, 'email' | 'password'>): Promise<void> {
  await page.goto('/login');
  await submitLogin(page, account);
  await expect(page).toHaveURL(urlPath('/dashboard'));
  await expect(sidebar(page)).toBeVisible();
}

export function sidebar(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Main' });
}

/** The sidebar's links as label and href, in page order. */
export async function sidebarEntries(page: Page): Promise<NavEntry[]> {
  const links = sidebar(page).getByRole('link');
  await expect(links.first()).toBeVisible();
  return links.evaluateAll((anchors) =>
    anchors.map((a) => ({ label: (a.textContent ?? '').replace(/\s+/g, ' ').trim(), href: a.getAttribute('href') ?? '' })),
  );
}

/** The header's account button (avatar, name or e-mail, role), which opens the Logout menu. */
export function accountButton(page: Page): Locator {
  return page.getByRole('banner').getByRole('button', { name: /account menu/i });
}

/** The screen's own heading (h1 inside main), present once the session has loaded. */
export function screenHeading(page: Page): Locator {
  return page.getByRole('main').getByRole('heading', { level: 1 });
}

/** Waits until a console page has rendered for a signed-in user (shell and screen heading). */
export async function waitForConsole(page: Page): Promise<void> {
  await expect(sidebar(page)).toBeVisible();
  await expect(screenHeading(page)).toBeVisible();
}

/** Saves a full-page screenshot for people to look at, in test-results/screens/<name>.png. */
export async function saveScreen(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENS_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENS_DIR, `${name}.png`), fullPage: true });
}

/** The header's theme switch: a page that shows it follows the system's theme as it changes. */
const THEME_TOGGLE = 'header button[aria-label^="Switch to "]';

/** The axe rules whose verdict depends on the colours, so on the theme: the only ones a second theme needs. */
const THEME_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * axe in both themes from one test: `open` loads the page in the system's dark theme and every rule runs; then the
 * system turns light and only THEME_RULES run, since the other rules read the markup, which the theme does not change.
 * A console page follows the change as it happens (the header's toggle listens), so it is not loaded again; a page
 * without that listener is opened again by `open` (the theme is set before first paint). A full scan costs seconds.
 */
export async function expectNoSeriousA11yViolationsInBothThemes(page: Page, open: () => Promise<void>, label?: string): Promise<void> {
  await page.emulateMedia({ colorScheme: 'dark' });
  await open();
  const html = page.locator('html');
  await expect(html, "the page follows the system's dark theme").toHaveAttribute('data-theme', 'dark');
  await expectNoSeriousA11yViolations(page, `${label ?? pathOf(page)} (dark)`);
  const followsLive = (await page.locator(THEME_TOGGLE).count()) > 0;
  await page.emulateMedia({ colorScheme: 'light' });
  if (!followsLive) await open();
  await expect(html, "the page follows the system's light theme").toHaveAttribute('data-theme', 'light');
  // The theme's colours change through CSS transitions: axe must read the colours they end on, not one on the way.
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => !(animation instanceof CSSTransition) || animation.playState !== 'running'),
  );
  await expectNoSeriousA11yViolations(page, `${label ?? pathOf(page)} (light)`, THEME_RULES);
}

/** Runs axe on the page (every rule, or only `rules`) and fails listing every 'serious' or 'critical' violation readably. */
export async function expectNoSeriousA11yViolations(page: Page, label = pathOf(page), rules?: readonly string[]): Promise<void> {
  const axe = new AxeBuilder({ page });
  const results = await (rules ? axe.withRules([...rules]) : axe).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = serious
    .map((v) => {
      const nodes = v.nodes
        .slice(0, 5)
        .map((node) => `      - ${node.target.join(' ')}\n        ${node.failureSummary?.replace(/\n/g, '\n        ') ?? ''}`)
        .join('\n');
      const more = v.nodes.length > 5 ? `\n      … and ${v.nodes.length - 5} more` : '';
      return `  [${v.impact}] ${v.id}: ${v.help} (${v.nodes.length} element${v.nodes.length === 1 ? '' : 's'})\n    ${v.helpUrl}\n${nodes}${more}`;
    })
    .join('\n');
  expect(
    serious.map((v) => v.id),
    `serious/critical accessibility violations on ${label}:\n${report}\n`,
  ).toEqual([]);
}
