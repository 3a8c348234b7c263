// API shortcuts for the Users and Settings specs: sign in, create users and organisations directly,
// so a spec can set up its own data (and never change the seeded accounts other specs rely on).
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { TOKEN_KEY, saveScreen } from './console.ts';
import type { Account } from './constants.ts';

export interface CreatedUser {
  id: number;
  name: string;
  email: string;
  orgId: number | null;
}

export interface CreatedOrganisation {
  id: number;
  name: string;
  code: string;
}

/** A short tag unique to this run and call, for names, e-mails and codes that must not collide. */
export function uniqueTag(): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/** Signs in through the API and returns the bearer token. */
export async function apiToken(request: APIRequestContext, account: Pick<Account, 'email' | 'password'>): Promise<string> {
  const response = await request.post('/api/auth/login', { data: { email: account.email, password: account.password } });
  expect(response.status(), `sign-in of ${account.email}`).toBe(200);
  const { access_token: token } = (await response.json()) as { access_token: string };
  return token;
}

/** POST /api/users with a token (superadmin: pass orgId for an orgadmin). */
export async function apiCreateUser(
  request: APIRequestContext,
  token: string,
  user: { name: string; email: string; password: string; orgId?: number; role?: 'orgadmin' | 'superadmin' },
): Promise<CreatedUser> {
  const response = await request.post('/api/users', { data: user, headers: { authorization: `Bearer ${token}` } });
  expect(response.status(), `create user ${user.email}: ${await response.text()}`).toBe(201);
  return (await response.json()) as CreatedUser;
}

/** POST /api/organisations (superadmin token) in Ghana with GHS and USD. */
export async function apiCreateOrganisation(
  request: APIRequestContext,
  token: string,
  name: string,
  code: string,
): Promise<CreatedOrganisation> {
  const response = await request.post('/api/organisations', {
    data: { name, code, email: `billing.${code.toLowerCase()}@payrail.test`, country: 'GH', currencies: ['GHS', 'USD'] },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status(), `create organisation ${code}: ${await response.text()}`).toBe(201);
  return (await response.json()) as CreatedOrganisation;
}

/** GET an API path with a token and return the JSON body. */
export async function apiGetJson<T>(request: APIRequestContext, token: string, path: string): Promise<T> {
  const response = await request.get(path, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status(), `GET ${path}`).toBe(200);
  return (await response.json()) as T;
}

/**
 * Signs `page` in as `account` by putting a fresh API token in localStorage, then opens `path`.
 * (The specs of this file's users do not lean on the shared storage-state files, so a parallel
 * Playwright run elsewhere that rewrites test-results/.auth cannot sign them out.)
 */
export async function signIn(page: Page, account: Pick<Account, 'email' | 'password'>, path: string): Promise<string> {
  const token = await apiToken(page.request, account);
  await page.goto('/api/health'); // same origin, and no console script that could touch the token
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [TOKEN_KEY, token] as const);
  await page.goto(path);
  return token;
}

/**
 * Saves a screenshot of the whole page with a viewport as tall as the page, so the sticky sidebar
 * and header sit where a person sees them (a plain full-page capture repeats them mid-page).
 */
export async function saveWholeScreen(page: Page, name: string): Promise<void> {
  const viewport = page.viewportSize() ?? { width: 1280, height: 720 };
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width: viewport.width, height: Math.max(viewport.height, height) });
  await saveScreen(page, name);
  await page.setViewportSize(viewport);
}
