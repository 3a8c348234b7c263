import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { MessageResponse, authErrors, IdParams } from '../../shared/schemas/common.ts';
import { CreateGatewayBody, Gateway, GatewayList, GatewayRef, UpdateGatewayBody } from '../../shared/schemas/gateways.ts';
import { callerOf } from '../plugins/auth.ts';
import { createGateway, deleteGateway, listGateways, updateGateway, type GatewayContext } from '../services/gateways/gateways-service.ts';
import { ownOrgId } from './organisations.ts';

/** Gateway CRUD for one scope: global (superadmin) or the caller's organisation. */
function gatewayScopeRoutes(
  prefix: string,
  scopeOf: (request: FastifyRequest) => number | null,
  superadminOnly: boolean,
): FastifyPluginAsyncTypebox<{ ctx: GatewayContext }> {
  return async (app, { ctx }) => {
    const guard = superadminOnly ? [app.authenticate, app.requireRole('superadmin')] : [app.authenticate];
    const common = { tags: ['gateways'], security: [{ bearer: [] }] };
    const scope = superadminOnly ? 'global' : "your organisation's";
    app.get(
      prefix,
      {
        preHandler: guard,
        schema: { ...common, summary: `List ${scope} gateways by priority`, response: { 200: GatewayList, ...authErrors } },
      },
      async (request) => listGateways(ctx, scopeOf(request)),
    );
    app.post(
      prefix,
      {
        preHandler: guard,
        schema: {
          ...common,
          summary: `Create a ${superadminOnly ? 'global' : 'organisation'} gateway`,
          body: CreateGatewayBody,
          response: { 201: GatewayRef, ...authErrors },
        },
      },
      async (request, reply) => reply.code(201).send(await createGateway(ctx, scopeOf(request), request.body)),
    );
    app.patch(
      `${prefix}/:id`,
      {
        preHandler: guard,
        schema: {
          ...common,
          summary: 'Edit or toggle a gateway (masked credentials keep their value)',
          params: IdParams,
          body: UpdateGatewayBody,
          response: { 200: GatewayRef, ...authErrors },
        },
      },
      async (request) => updateGateway(ctx, scopeOf(request), request.params.id, request.body),
    );
    app.delete(
      `${prefix}/:id`,
      {
        preHandler: guard,
        schema: { ...common, summary: 'Delete a gateway', params: IdParams, response: { 200: MessageResponse, ...authErrors } },
      },
      async (request) => {
        await deleteGateway(ctx, scopeOf(request), request.params.id);
        return { message: 'Gateway deleted.' };
      },
    );
  };
}

/** Global gateways (/gateways) and organisation gateways (/organisations/my-organisation/gateways). */
const gatewayRoutes: FastifyPluginAsyncTypebox<{ ctx: GatewayContext }> = async (app, options) => {
  app.addSchema(Gateway);
  await app.register(
    gatewayScopeRoutes('/gateways', () => null, true),
    options,
  );
  await app.register(
    gatewayScopeRoutes('/organisations/my-organisation/gateways', (request) => ownOrgId(callerOf(request)), false),
    options,
  );
};

export default gatewayRoutes;
