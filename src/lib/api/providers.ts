import { apiDelete, apiGet, apiPost } from './client.ts';
import type { MessageResponse, Provider, ProviderConstraints, ProviderInput } from './types.ts';

/** GET /psp (superadmin): the provider catalogue. */
export function listProviders(): Promise<Provider[]> {
  return apiGet<Provider[]>('/psp');
}

/** POST /psp (superadmin): adds a provider. */
export function createProvider(input: ProviderInput): Promise<Provider> {
  return apiPost<Provider>('/psp', input);
}

/** DELETE /psp/{id} (superadmin): refused while gateways use it, and for the built-in sandbox. */
export function deleteProvider(id: number): Promise<MessageResponse> {
  return apiDelete<MessageResponse>(`/psp/${id}`);
}

/** GET /gateways/providers/constraints: required/optional credentials per provider name (any role). */
export function getProviderConstraints(): Promise<ProviderConstraints> {
  return apiGet<ProviderConstraints>('/gateways/providers/constraints');
}
