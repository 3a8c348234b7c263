// The PSP catalogue and inbound PSP callbacks on the wire.
import { Type } from 'typebox';
import { HMAC_ALGORITHMS } from '../signing.ts';
import { DateTime, OrNull, StringEnum } from './common.ts';

export const Provider = Type.Object(
  {
    id: Type.Integer(),
    name: Type.String(),
    displayName: Type.String(),
    defaultBaseUrl: OrNull(Type.String()),
    constraintsRequired: Type.Array(Type.String()),
    constraintsOptional: Type.Array(Type.String()),
    notes: OrNull(Type.String()),
    successStatuses: Type.Array(Type.String()),
    verifySuccessStatuses: Type.Array(Type.String()),
    webhookHeaderName: OrNull(Type.String()),
    outboundHeaderName: OrNull(Type.String()),
    hmacAlgo: StringEnum(HMAC_ALGORITHMS),
    sampleInbound: OrNull(Type.String()),
    sampleOutbound: OrNull(Type.String()),
    sampleConfig: Type.Unknown(),
    builtIn: Type.Boolean(),
    createdAt: DateTime,
    updatedAt: DateTime,
  },
  { $id: 'Provider' },
);
/** A reference to the registered `Provider` schema (the route plugin adds it once). */
export const ProviderRef = Type.Ref('Provider');
export const ProviderList = Type.Array(ProviderRef);

const Statuses = Type.Array(Type.String({ maxLength: 100 }), { maxItems: 50 });
export const HmacAlgorithm = Type.Union([Type.Literal('sha1'), Type.Literal('sha256'), Type.Literal('sha512')]);
export const ProviderBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 50 }),
    displayName: Type.Optional(Type.String({ maxLength: 100 })),
    defaultBaseUrl: Type.Optional(Type.Union([Type.Null(), Type.String({ maxLength: 2048 })])),
    constraintsRequired: Type.Optional(Type.Array(Type.String({ maxLength: 50 }), { maxItems: 10 })),
    constraintsOptional: Type.Optional(Type.Array(Type.String({ maxLength: 50 }), { maxItems: 10 })),
    notes: Type.Optional(Type.Union([Type.Null(), Type.String({ maxLength: 4000 })])),
    successStatuses: Type.Optional(Statuses),
    verifySuccessStatuses: Type.Optional(Statuses),
    webhookHeaderName: Type.Optional(Type.Union([Type.Null(), Type.String({ maxLength: 100 })])),
    outboundHeaderName: Type.Optional(Type.Union([Type.Null(), Type.String({ maxLength: 100 })])),
    hmacAlgo: Type.Optional(HmacAlgorithm),
    sampleInbound: Type.Optional(Type.Union([Type.Null(), Type.String({ maxLength: 20000 })])),
    sampleOutbound: Type.Optional(Type.Union([Type.Null(), Type.String({ maxLength: 20000 })])),
    sampleConfig: Type.Optional(Type.Unknown()),
  },
  { additionalProperties: false },
);
/** Required and optional credentials per provider name. */
export const ProviderConstraints = Type.Record(
  Type.String(),
  Type.Object({
    required: Type.Array(Type.String()),
    optional: Type.Array(Type.String()),
    defaultBaseUrl: OrNull(Type.String()),
  }),
);

export const PspCallbackParams = Type.Object({ provider: Type.String({ pattern: '^[a-z0-9][a-z0-9-]{1,49}$' }) });
export const PspCallbackReceived = Type.Object({
  received: Type.Boolean(),
  status: Type.String(),
  message: Type.String(),
  paymentStatus: Type.Optional(Type.String()),
});
