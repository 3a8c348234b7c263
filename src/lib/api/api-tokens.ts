import type { Static } from 'typebox';
import type { ApiTokenList, RotateApiTokenResponse } from '../../../isomorphic/schemas/api-tokens.ts';
import type { Wire } from '../../../isomorphic/schemas/common.ts';
import { apiGet, apiPost } from './client.ts';

/** One API token of an organisation as listed: its state, masked hint, and dates as ISO text. */
export type ApiToken = Wire<Static<typeof ApiTokenList>>['items'][number];
/** A roll's answer: the new token in full (shown once) and the list after the roll. */
export type RolledApiToken = Wire<Static<typeof RotateApiTokenResponse>>;

/** The path of an organisation endpoint: the caller's own (`null`), or a chosen one's (superadmin). */
const organisationPath = (organisationId: number | null, rest: string): string =>
  `/organisations/${organisationId === null ? 'my-organisation' : organisationId}/${rest}`;

/** GET …/api-tokens: the current token, rolled ones still accepted, and recently expired ones. */
export async function listApiTokens(organisationId: number | null): Promise<ApiToken[]> {
  return (await apiGet<{ items: ApiToken[] }>(organisationPath(organisationId, 'api-tokens'))).items;
}

/** POST …/api-token/rotate: a new token; the old one keeps working for `graceHours` (0: refused at once). */
export function rotateApiToken(organisationId: number | null, graceHours: number): Promise<RolledApiToken> {
  return apiPost<RolledApiToken>(organisationPath(organisationId, 'api-token/rotate'), { graceHours });
}
