// API shortcuts for the Providers and Banks specs: set-up and checks go straight to the API with a
// role's saved token (from the storage state auth.setup.ts wrote), not through the screens.
import { readFileSync } from 'node:fs';
import { expect, type APIRequestContext } from '@playwright/test';
import type { Bank, Provider } from '../../../src/lib/api/types.ts';
import { STORAGE_STATE, TOKEN_KEY } from './console.ts';

interface StorageState {
  origins: { origin: string; localStorage: { name: string; value: string }[] }[];
}

/** The bearer token auth.setup.ts saved for a role. */
export function savedToken(role: keyof typeof STORAGE_STATE): string {
  const state = JSON.parse(readFileSync(STORAGE_STATE[role], 'utf8')) as StorageState;
  const token = state.origins.flatMap((origin) => origin.localStorage).find((entry) => entry.name === TOKEN_KEY)?.value;
  expect(token, `${role} token in ${STORAGE_STATE[role]}`).toBeTruthy();
  return token ?? '';
}

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** GET a JSON list with a role's token. */
async function getList<T>(request: APIRequestContext, role: keyof typeof STORAGE_STATE, path: string): Promise<T[]> {
  const response = await request.get(path, { headers: auth(savedToken(role)) });
  expect(response.status(), `GET ${path}: ${await response.text()}`).toBe(200);
  return (await response.json()) as T[];
}

/** GET /api/psp as the superadmin. */
export function providersViaApi(request: APIRequestContext): Promise<Provider[]> {
  return getList<Provider>(request, 'superadmin', '/api/psp');
}

/** The global banks (superadmin). */
export function globalBanksViaApi(request: APIRequestContext): Promise<Bank[]> {
  return getList<Bank>(request, 'superadmin', '/api/banks');
}

/** The demo organisation's banks (its orgadmin). */
export function organisationBanksViaApi(request: APIRequestContext): Promise<Bank[]> {
  return getList<Bank>(request, 'orgadmin', '/api/organisations/my-organisation/banks');
}

/** POST /api/banks as the superadmin: a global bank with a valid config. */
export async function createGlobalBankViaApi(
  request: APIRequestContext,
  input: { code: string; name: string; apiConfig: unknown },
): Promise<Bank> {
  const response = await request.post('/api/banks', { headers: auth(savedToken('superadmin')), data: input });
  expect(response.status(), `create bank ${input.code}: ${await response.text()}`).toBe(201);
  return (await response.json()) as Bank;
}
