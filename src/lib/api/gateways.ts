import type { Static } from 'typebox';
import type { CreateGatewayBody } from '../../../isomorphic/schemas/gateways.ts';
import { apiDelete, apiGet, apiPatch, apiPost } from './client.ts';
import type { Gateway, GatewayInput, MessageResponse, Scope } from './types.ts';

const base = (scope: Scope) => (scope === 'global' ? '/gateways' : '/organisations/my-organisation/gateways');

/** The gateways of a scope by priority: global (superadmin) or your organisation's. */
export function listGateways(scope: Scope): Promise<Gateway[]> {
  return apiGet<Gateway[]>(base(scope));
}

/** Creates a gateway; the server validates the config with the shared validator. */
export function createGateway(
  scope: Scope,
  input: GatewayInput & Pick<Static<typeof CreateGatewayBody>, 'name'> & { provider: string | number; config: unknown },
): Promise<Gateway> {
  return apiPost<Gateway>(base(scope), input);
}

/** Edits or toggles a gateway (masked credentials keep their stored values). */
export function updateGateway(scope: Scope, id: number, input: GatewayInput): Promise<Gateway> {
  return apiPatch<Gateway>(`${base(scope)}/${id}`, input);
}

/** Deletes a gateway. */
export function deleteGateway(scope: Scope, id: number): Promise<MessageResponse> {
  return apiDelete<MessageResponse>(`${base(scope)}/${id}`);
}
