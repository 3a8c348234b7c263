import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { auditActorOf } from '../plugins/audit-actor.ts';
import { callerOf } from '../plugins/auth.ts';
import { scopedOrganisation } from '../plugins/organisation-scope.ts';
import { ApiTokenList, RotateApiTokenBody, RotateApiTokenResponse } from '../../isomorphic/schemas/api-tokens.ts';
import { authErrors, IdParams } from '../../isomorphic/schemas/common.ts';
import { listApiTokens, rotateApiToken, type ApiTokenContext } from '../services/organisations/api-tokens-service.ts';
import { assertOrganisationExists } from '../services/organisations/organisations-service.ts';

/**
 * An organisation's API tokens (docs/security.md#api-tokens): the list, and the roll that issues a new token while
 * the old one keeps working for a grace period. The caller's own organisation, or any for a superadmin, who alone
 * sees the current token in full.
 */
const organisationApiTokenRoutes: FastifyPluginAsyncTypebox<ApiTokenContext> = async (app, { db, clock, dataKey }) => {
  const ctx: ApiTokenContext = { db, clock, dataKey };
  const common = { tags: ['organisations'], security: [{ bearer: [] }] };

  const scopes = [
    {
      path: '/organisations/my-organisation',
      who: 'your organisation',
      route: { preHandler: app.authenticate, config: { organisationScope: 'own' as const } },
      orgOf: async (request: FastifyRequest) => scopedOrganisation(request),
      revealCurrent: false,
    },
    {
      path: '/organisations/:id',
      who: 'an organisation (superadmin)',
      route: { preHandler: app.authenticate, config: { organisationScope: 'named' as const } },
      orgOf: async (request: FastifyRequest) => {
        const id = scopedOrganisation(request);
        await assertOrganisationExists(db, id);
        return id;
      },
      revealCurrent: true,
    },
  ] as const;

  for (const scope of scopes) {
    const params = scope.path.includes(':id') ? { params: IdParams } : {};
    app.get(
      `${scope.path}/api-tokens`,
      {
        ...scope.route,
        schema: {
          ...common,
          ...params,
          summary: `The API tokens of ${scope.who}: the current one, rolled ones still accepted, and recently expired ones`,
          response: { 200: ApiTokenList, ...authErrors },
        },
      },
      async (request, reply) => {
        // A superadmin's list carries the current token in full: no cache may keep it.
        reply.header('cache-control', 'no-store');
        return listApiTokens(ctx, await scope.orgOf(request), scope.revealCurrent);
      },
    );
    app.post(
      `${scope.path}/api-token/rotate`,
      {
        ...scope.route,
        schema: {
          ...common,
          ...params,
          summary: `Roll the API token of ${scope.who}: a new token now, the old one accepted for graceHours more`,
          body: RotateApiTokenBody,
          response: { 200: RotateApiTokenResponse, ...authErrors },
        },
      },
      async (request, reply) => {
        // The answer carries the new token in full: no cache may keep it.
        reply.header('cache-control', 'no-store');
        return rotateApiToken(ctx, await scope.orgOf(request), {
          graceHours: request.body.graceHours,
          rolledBy: callerOf(request).id,
          revealCurrent: scope.revealCurrent,
          actor: auditActorOf(request),
        });
      },
    );
  }
};

export default organisationApiTokenRoutes;
