import { apiDelete, apiGet, apiPatch, apiPost } from './client.ts';
import type { ReferenceQuery } from './countries.ts';
import { normaliseList, type ListPage } from './list.ts';
import type { Currency, MessageResponse } from './types.ts';

/** GET /currencies: a page of currencies (or all with `all: true`). */
export async function listCurrencies(query: ReferenceQuery = {}): Promise<ListPage<Currency>> {
  return normaliseList<Currency>(await apiGet<unknown>('/currencies', { ...query }));
}

/** POST /currencies: creates a currency (base unit defaults to 100). */
export function createCurrency(currency: { name: string; code: string; baseUnit?: number; enabled?: boolean }): Promise<Currency> {
  return apiPost<Currency>('/currencies', currency);
}

/** PATCH /currencies/{id}: edits or toggles a currency. */
export function updateCurrency(id: number, changes: Partial<Pick<Currency, 'name' | 'code' | 'baseUnit' | 'enabled'>>): Promise<Currency> {
  return apiPatch<Currency>(`/currencies/${id}`, changes);
}

/** DELETE /currencies/{id}. */
export function deleteCurrency(id: number): Promise<MessageResponse> {
  return apiDelete<MessageResponse>(`/currencies/${id}`);
}
