// API shortcuts for the Organisations, Countries and Currencies specs: data is set up and checked
// straight through the API with the signed-in superadmin's own token (read from the page).
import { expect, type Page } from '@playwright/test';
import type { Organisation } from '../../../src/lib/api/types.ts';
import { readToken } from './console.ts';

/** A short tag unique to this call, for names and codes that must not collide between tests and runs. */
export function uniqueSuffix(): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.toUpperCase();
}

/** The bearer token of the page's session (the page must have loaded a console page). */
export async function sessionToken(page: Page): Promise<string> {
  const token = await readToken(page);
  expect(token, 'the page should hold a signed-in session').toBeTruthy();
  return token ?? '';
}

function auth(token: string) {
  return { authorization: `Bearer ${token}` };
}

/** POST /api/organisations with the page's superadmin token (Ghana, GHS and USD unless told otherwise). */
export async function createOrganisationViaApi(
  page: Page,
  input: { name: string; code: string; email?: string; country?: string; currencies?: string[] },
): Promise<Organisation> {
  const token = await sessionToken(page);
  const response = await page.request.post('/api/organisations', {
    headers: auth(token),
    data: {
      email: `billing.${input.code.toLowerCase()}@payrail.test`,
      country: 'GH',
      currencies: ['GHS', 'USD'],
      ...input,
    },
  });
  expect(response.status(), `create organisation ${input.code}: ${await response.text()}`).toBe(201);
  return (await response.json()) as Organisation;
}

/** GET /api/organisations?search=… with the page's superadmin token. */
export async function findOrganisationsViaApi(page: Page, search: string): Promise<Organisation[]> {
  const token = await sessionToken(page);
  const response = await page.request.get('/api/organisations', { headers: auth(token), params: { search, pageSize: 100 } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { items: Organisation[] }).items;
}

/** GET a reference list (countries or currencies), every row. */
export async function referenceRowsViaApi<Row>(page: Page, resource: 'countries' | 'currencies'): Promise<Row[]> {
  const token = await sessionToken(page);
  const response = await page.request.get(`/api/${resource}`, { headers: auth(token), params: { all: true } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { items: Row[] }).items;
}
