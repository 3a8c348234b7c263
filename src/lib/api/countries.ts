import type { Static } from 'typebox';
import type { CreateCountryBody, ReferenceListQuery, UpdateCountryBody } from '../../../isomorphic/schemas/reference.ts';
import { apiDelete, apiGet, apiPatch, apiPost } from './client.ts';
import { normaliseList, type ListPage, type ListQuery } from './list.ts';
import type { Country, MessageResponse } from './types.ts';

/** `all` asks for every row, unpaged (for pickers); `enabled` for only enabled rows. */
export type ReferenceQuery = ListQuery<typeof ReferenceListQuery>;

/** GET /countries: a page of countries (or all with `all: true`). */
export async function listCountries(query: ReferenceQuery = {}): Promise<ListPage<Country>> {
  return normaliseList<Country>(await apiGet<unknown>('/countries', { ...query }));
}

/** POST /countries: creates a country (code upper-cased by the server). */
export function createCountry(country: Static<typeof CreateCountryBody>): Promise<Country> {
  return apiPost<Country>('/countries', country);
}

/** PATCH /countries/{id}: edits or toggles a country. */
export function updateCountry(id: number, changes: Static<typeof UpdateCountryBody>): Promise<Country> {
  return apiPatch<Country>(`/countries/${id}`, changes);
}

/** DELETE /countries/{id}. */
export function deleteCountry(id: number): Promise<MessageResponse> {
  return apiDelete<MessageResponse>(`/countries/${id}`);
}
