import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/client.ts';
import { DateTime, MessageResponse, OrNull, authErrors, IdParams } from '../../shared/schemas/common.ts';
import { createProvider, listProviderCatalogue, providerConstraints, removeProvider } from '../services/providers/providers-service.ts';

const Statuses = Type.Array(Type.String({ maxLength: 100 }), { maxItems: 50 });
const Provider = Type.Object(
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
    hmacAlgo: Type.String(),
    sampleInbound: OrNull(Type.String()),
    sampleOutbound: OrNull(Type.String()),
    sampleConfig: Type.Unknown(),
    builtIn: Type.Boolean(),
    createdAt: DateTime,
    updatedAt: DateTime,
  },
  { $id: 'Provider' },
);
const ProviderBody = Type.Object(
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
    hmacAlgo: Type.Optional(Type.Union([Type.Literal('sha1'), Type.Literal('sha256'), Type.Literal('sha512')])),
    sampleInbound: Type.Optional(Type.Union([Type.Null(), Type.String({ maxLength: 20000 })])),
    sampleOutbound: Type.Optional(Type.Union([Type.Null(), Type.String({ maxLength: 20000 })])),
    sampleConfig: Type.Optional(Type.Unknown()),
  },
  { additionalProperties: false },
);
const Constraints = Type.Record(
  Type.String(),
  Type.Object({
    required: Type.Array(Type.String()),
    optional: Type.Array(Type.String()),
    defaultBaseUrl: OrNull(Type.String()),
  }),
);

/** The PSP catalogue (superadmin) and the credential constraints per provider (everyone signed in). */
const pspRoutes: FastifyPluginAsyncTypebox<{ db: Database; clock: Clock }> = async (app, { db, clock }) => {
  app.addSchema(Provider);
  const ProviderRef = Type.Ref('Provider');
  const superadmin = [app.authenticate, app.requireRole('superadmin')];
  const common = { tags: ['providers'], security: [{ bearer: [] }] };

  app.get(
    '/psp',
    {
      preHandler: superadmin,
      schema: { ...common, summary: 'The provider catalogue', response: { 200: Type.Array(ProviderRef), ...authErrors } },
    },
    async () => listProviderCatalogue(db),
  );
  app.post(
    '/psp',
    {
      preHandler: superadmin,
      schema: {
        ...common,
        summary: 'Add a provider',
        body: ProviderBody,
        response: { 201: ProviderRef, ...authErrors, 409: authErrors[400] },
      },
    },
    async (request, reply) => reply.code(201).send(await createProvider(db, clock, request.body)),
  );
  app.delete(
    '/psp/:id',
    {
      preHandler: superadmin,
      schema: {
        ...common,
        summary: 'Remove a provider no gateway uses',
        params: IdParams,
        response: { 200: MessageResponse, ...authErrors, 409: authErrors[400] },
      },
    },
    async (request) => {
      await removeProvider(db, request.params.id);
      return { message: 'Provider removed.' };
    },
  );
  app.get(
    '/gateways/providers/constraints',
    {
      preHandler: app.authenticate,
      schema: { ...common, summary: 'Required and optional credentials per provider name', response: { 200: Constraints, ...authErrors } },
    },
    async () => providerConstraints(db),
  );
};

export default pspRoutes;
