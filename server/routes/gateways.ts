import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { DateTime, MessageResponse, OrNull, authErrors, IdParams, DatabaseId, Int4 } from '../schemas/common.ts';
import { createGateway, deleteGateway, listGateways, updateGateway, type GatewayContext } from '../services/gateways/gateways-service.ts';
import { scopedOrgId, type OrganisationScope } from '../plugins/organisation-scope.ts';

const nullableSecret = Type.Optional(Type.Union([Type.Null(), Type.String({ maxLength: 500 })]));
const Gateway = Type.Object(
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
    hmacAlgo: Type.String(),
    sandbox: Type.Boolean(),
    priority: Type.Integer(),
    enabled: Type.Boolean(),
    config: Type.Unknown(),
    createdAt: DateTime,
    updatedAt: DateTime,
  },
  { $id: 'Gateway' },
);
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
const CreateBody = Type.Object(
  { ...fields, provider: Type.Optional(fields.provider), config: Type.Optional(fields.config) },
  { additionalProperties: false },
);
const UpdateBody = Type.Object(
  { ...fields, name: Type.Optional(fields.name), provider: Type.Optional(fields.provider), config: Type.Optional(fields.config) },
  { additionalProperties: false },
);

/** Gateway CRUD for one scope: global (superadmin) or the caller's organisation. */
function gatewayScopeRoutes(prefix: string, organisationScope: OrganisationScope): FastifyPluginAsyncTypebox<{ ctx: GatewayContext }> {
  return async (app, { ctx }) => {
    const superadminOnly = organisationScope !== 'own';
    // The scope's hook (plugins/organisation-scope.ts) adds the superadmin check for the global and named scopes.
    const scoped = { preHandler: app.authenticate, config: { organisationScope } };
    const GatewayRef = Type.Ref('Gateway');
    const common = { tags: ['gateways'], security: [{ bearer: [] }] };
    const scope = superadminOnly ? 'global' : "your organisation's";
    app.get(
      prefix,
      {
        ...scoped,
        schema: { ...common, summary: `List ${scope} gateways by priority`, response: { 200: Type.Array(GatewayRef), ...authErrors } },
      },
      async (request) => listGateways(ctx, scopedOrgId(request)),
    );
    app.post(
      prefix,
      {
        ...scoped,
        schema: {
          ...common,
          summary: `Create a ${superadminOnly ? 'global' : 'organisation'} gateway`,
          body: CreateBody,
          response: { 201: GatewayRef, ...authErrors },
        },
      },
      async (request, reply) => reply.code(201).send(await createGateway(ctx, scopedOrgId(request), request.body)),
    );
    app.patch(
      `${prefix}/:id`,
      {
        ...scoped,
        schema: {
          ...common,
          summary: 'Edit or toggle a gateway (masked credentials keep their value)',
          params: IdParams,
          body: UpdateBody,
          response: { 200: GatewayRef, ...authErrors },
        },
      },
      async (request) => updateGateway(ctx, scopedOrgId(request), request.params.id, request.body),
    );
    app.delete(
      `${prefix}/:id`,
      {
        ...scoped,
        schema: { ...common, summary: 'Delete a gateway', params: IdParams, response: { 200: MessageResponse, ...authErrors } },
      },
      async (request) => {
        await deleteGateway(ctx, scopedOrgId(request), request.params.id);
        return { message: 'Gateway deleted.' };
      },
    );
  };
}

/** Global gateways (/gateways) and organisation gateways (/organisations/my-organisation/gateways). */
const gatewayRoutes: FastifyPluginAsyncTypebox<{ ctx: GatewayContext }> = async (app, options) => {
  app.addSchema(Gateway);
  await app.register(gatewayScopeRoutes('/gateways', 'global'), options);
  await app.register(gatewayScopeRoutes('/organisations/my-organisation/gateways', 'own'), options);
};

export default gatewayRoutes;
