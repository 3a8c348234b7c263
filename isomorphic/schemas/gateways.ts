// A gateway's wire shape (global and organisation gateways alike).
import { Type } from 'typebox';
import { HMAC_ALGORITHMS } from '../signing.ts';
import { DatabaseId, DateTime, Int4, OrNull, StringEnum } from './common.ts';

export const Gateway = Type.Object(
  {
    id: Type.Integer(),
    orgId: OrNull(Type.Integer()),
    name: Type.String(),
    provider: Type.String(),
    providerId: Type.Integer(),
    providerDisplayName: Type.String(),
    publicKey: OrNull(Type.String({ description: 'masked' })),
    secretKey: OrNull(Type.String({ description: 'masked' })),
    webhookSecret: OrNull(Type.String({ description: 'masked' })),
    baseUrl: OrNull(Type.String()),
    hmacAlgo: StringEnum(HMAC_ALGORITHMS),
    sandbox: Type.Boolean(),
    priority: Type.Integer(),
    enabled: Type.Boolean(),
    config: Type.Unknown(),
    createdAt: DateTime,
    updatedAt: DateTime,
  },
  { $id: 'Gateway' },
);
/** A reference to the registered `Gateway` schema (the route plugin adds it once). */
export const GatewayRef = Type.Ref('Gateway');
export const GatewayList = Type.Array(GatewayRef);

const nullableSecret = Type.Optional(Type.Union([Type.Null(), Type.String({ maxLength: 500 })]));
const fields = {
  name: Type.String({ minLength: 1, maxLength: 100 }),
  provider: Type.Union([Type.String({ maxLength: 50 }), DatabaseId()], { description: 'provider name or id' }),
  publicKey: nullableSecret,
  secretKey: nullableSecret,
  webhookSecret: nullableSecret,
  baseUrl: Type.Optional(Type.Union([Type.Null(), Type.String({ maxLength: 2048 })])),
  hmacAlgo: Type.Optional(Type.String({ maxLength: 10 })),
  sandbox: Type.Optional(Type.Boolean()),
  priority: Type.Optional(Int4()),
  enabled: Type.Optional(Type.Boolean()),
  config: Type.Unknown({ description: 'generic HTTP adapter config (JSON object)' }),
};
// provider and config are checked by the service, so a missing one gets the console's own message.
export const CreateGatewayBody = Type.Object(
  { ...fields, provider: Type.Optional(fields.provider), config: Type.Optional(fields.config) },
  { additionalProperties: false },
);
export const UpdateGatewayBody = Type.Object(
  { ...fields, name: Type.Optional(fields.name), provider: Type.Optional(fields.provider), config: Type.Optional(fields.config) },
  { additionalProperties: false },
);
