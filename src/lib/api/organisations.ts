import type { Static } from 'typebox';
import type { UrlResponse } from '../../../isomorphic/schemas/common.ts';
import type { OrganisationListQuery } from '../../../isomorphic/schemas/organisations.ts';
import { apiDelete, apiGet, apiPatch, apiPost } from './client.ts';
import { normaliseList, type ListPage, type ListQuery } from './list.ts';
import type { MessageResponse, Organisation, OrganisationInput, OrganisationSettings } from './types.ts';

type PublicUrl = Static<typeof UrlResponse>;

/** GET /organisations (superadmin): a page, searched by name, code or e-mail; `all` for pickers. */
export async function listOrganisations(query: ListQuery<typeof OrganisationListQuery> = {}): Promise<ListPage<Organisation>> {
  return normaliseList<Organisation>(await apiGet<unknown>('/organisations', { ...query }));
}

/** POST /organisations (superadmin). */
export function createOrganisation(
  input: OrganisationInput & { name: string; email: string; code: string; country: string },
): Promise<Organisation> {
  return apiPost<Organisation>('/organisations', input);
}

/** GET /organisations/{id} (superadmin). */
export function getOrganisation(id: number): Promise<Organisation> {
  return apiGet<Organisation>(`/organisations/${id}`);
}

/** PATCH /organisations/{id} (superadmin): any field. */
export function updateOrganisation(id: number, input: OrganisationInput): Promise<Organisation> {
  return apiPatch<Organisation>(`/organisations/${id}`, input);
}

/** DELETE /organisations/{id} (superadmin; refused while it has users). */
export function deleteOrganisation(id: number): Promise<MessageResponse> {
  return apiDelete<MessageResponse>(`/organisations/${id}`);
}

/** GET /organisations/my-organisation: the caller's own organisation. */
export function getMyOrganisation(): Promise<Organisation> {
  return apiGet<Organisation>('/organisations/my-organisation');
}

/** PATCH /organisations/my-organisation: the settings an orgadmin may change. */
export function updateMyOrganisation(settings: OrganisationSettings): Promise<Organisation> {
  return apiPatch<Organisation>('/organisations/my-organisation', settings);
}

/** POST logo (multipart field "logo"): your own organisation's, or a chosen one's for a superadmin. */
export function uploadOrganisationLogo(file: File, organisationId?: number): Promise<Organisation> {
  const form = new FormData();
  form.append('logo', file);
  const path = organisationId === undefined ? '/organisations/my-organisation/logo' : `/organisations/${organisationId}/logo`;
  return apiPost<Organisation>(path, form);
}

/** The path of an organisation endpoint: the caller's own (`null`), or a chosen one's (superadmin). */
const organisationPath = (organisationId: number | null, rest: string): string =>
  `/organisations/${organisationId === null ? 'my-organisation' : organisationId}/${rest}`;

/** GET …/checkout-url: the organisation's public hosted checkout page. */
export function fetchCheckoutUrl(organisationId: number | null): Promise<PublicUrl> {
  return apiGet<PublicUrl>(organisationPath(organisationId, 'checkout-url'));
}

/** POST …/checkout-token/rotate: a new checkout token; the old checkout and record URLs stop working. */
export function rotateCheckoutToken(organisationId: number | null): Promise<PublicUrl> {
  return apiPost<PublicUrl>(organisationPath(organisationId, 'checkout-token/rotate'));
}

/** GET …/record-url: the organisation's public Record URL (completes a payment at once). */
export function fetchRecordUrl(organisationId: number | null): Promise<PublicUrl> {
  return apiGet<PublicUrl>(organisationPath(organisationId, 'record-url'));
}
