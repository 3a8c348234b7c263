import type { Static } from 'typebox';
import type { CreateCurrencyBody, UpdateCurrencyBody } from '../../../isomorphic/schemas/reference.ts';
import { apiDelete, apiGet, apiPatch, apiPost } from './client.ts';
import type { ReferenceQuery } from './countries.ts';
import { normaliseList, type ListPage } from './list.ts';
import type { Currency, MessageResponse } from './types.ts';

/** GET /currencies: a page of currencies (or all with `all: true`). */
export async function listCurrencies(query: ReferenceQuery = {}): Promise<ListPage<Currency>> {
  return normaliseList<Currency>(await apiGet<unknown>('/currencies', { ...query }));
}

/** POST /currencies: creates a currency (base unit defaults to 100). */
export function createCurrency(currency: Static<typeof CreateCurrencyBody>): Promise<Currency> {
  return apiPost<Currency>('/currencies', currency);
}

/** PATCH /currencies/{id}: edits or toggles a currency. */
export function updateCurrency(id: number, changes: Static<typeof UpdateCurrencyBody>): Promise<Currency> {
  return apiPatch<Currency>(`/currencies/${id}`, changes);
}

/** DELETE /currencies/{id}. */
export function deleteCurrency(id: number): Promise<MessageResponse> {
  return apiDelete<MessageResponse>(`/currencies/${id}`);
}
