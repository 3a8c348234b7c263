import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { auditActorOf } from '../plugins/audit-actor.ts';
import { MessageResponse, authErrors, IdParams } from '../../isomorphic/schemas/common.ts';
import { CreateGatewayBody, Gateway, GatewayList, GatewayRef, UpdateGatewayBody } from '../../isomorphic/schemas/gateways.ts';
import { createGateway, deleteGateway, listGateways, updateGateway, type GatewayContext } from '../services/gateways/gateways-service.ts';
import { scopedOrgId, type OrganisationScope } from '../plugins/organisation-scope.ts';

/** Gateway CRUD for one scope: global (superadmin) or the caller's organisation. */
function gatewayScopeRoutes(prefix: string, organisationScope: OrganisationScope): FastifyPluginAsyncTypebox<{ ctx: GatewayContext }> {
  return async (app, { ctx }) => {
    const superadminOnly = organisationScope !== 'own';
    // The scope's hook (plugins/organisation-scope.ts) adds the superadmin check for the global and named scopes.
    const scoped = { preHandler: app.authenticate, config: { organisationScope } };
    const common = { tags: ['gateways'], security: [{ bearer: [] }] };
    const scope = superadminOnly ? 'global' : "your organisation's";
    app.get(
      prefix,
      {
        ...scoped,
        schema: { ...common, summary: `List ${scope} gateways by priority`, response: { 200: GatewayList, ...authErrors } },
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
          body: CreateGatewayBody,
          response: { 201: GatewayRef, ...authErrors },
        },
      },
      async (request, reply) => reply.code(201).send(await createGateway(ctx, scopedOrgId(request), request.body, auditActorOf(request))),
    );
    app.patch(
      `${prefix}/:id`,
      {
        ...scoped,
        schema: {
          ...common,
          summary: 'Edit or toggle a gateway (masked credentials keep their value)',
          params: IdParams,
          body: UpdateGatewayBody,
          response: { 200: GatewayRef, ...authErrors },
        },
      },
      async (request) => updateGateway(ctx, scopedOrgId(request), request.params.id, request.body, auditActorOf(request)),
    );
    app.delete(
      `${prefix}/:id`,
      {
        ...scoped,
        schema: { ...common, summary: 'Delete a gateway', params: IdParams, response: { 200: MessageResponse, ...authErrors } },
      },
      async (request) => {
        await deleteGateway(ctx, scopedOrgId(request), request.params.id, auditActorOf(request));
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
