import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { Clock } from '../clock.ts';
import { auditActorOf } from '../plugins/audit-actor.ts';
import type { Database } from '../db/client.ts';
import { scopedOrganisation } from '../plugins/organisation-scope.ts';
import { authErrors, IdParams, UrlResponse } from '../../isomorphic/schemas/common.ts';
import { assertOrganisationExists } from '../services/organisations/organisations-service.ts';
import { organisationCheckoutUrl, organisationRecordUrl, rotateCheckoutToken } from '../services/organisations/public-urls.ts';

interface Options {
  db: Database;
  clock: Clock;
  dataKey: Buffer;
  publicUrl: string;
}

/**
 * An organisation's public Checkout URL (hosted checkout page) and Record URL (completes a payment at
 * once), and rotation of the token behind both: the caller's own organisation, or any for a superadmin.
 */
const organisationPublicUrlRoutes: FastifyPluginAsyncTypebox<Options> = async (app, { db, clock, dataKey, publicUrl }) => {
  const common = { tags: ['organisations'], security: [{ bearer: [] }] };
  const existing = async (id: number) => {
    await assertOrganisationExists(db, id);
    return id;
  };

  const scopes = [
    {
      path: '/organisations/my-organisation',
      who: 'your organisation',
      route: { preHandler: app.authenticate, config: { organisationScope: 'own' as const } },
      orgOf: async (request: FastifyRequest) => scopedOrganisation(request),
    },
    {
      path: '/organisations/:id',
      who: 'an organisation (superadmin)',
      route: { preHandler: app.authenticate, config: { organisationScope: 'named' as const } },
      orgOf: async (request: FastifyRequest) => existing(scopedOrganisation(request)),
    },
  ] as const;

  for (const scope of scopes) {
    const params = scope.path.includes(':id') ? { params: IdParams } : {};
    app.get(
      `${scope.path}/checkout-url`,
      {
        ...scope.route,
        schema: {
          ...common,
          ...params,
          summary: `The hosted checkout page URL of ${scope.who}`,
          response: { 200: UrlResponse, ...authErrors },
        },
      },
      async (request) => organisationCheckoutUrl(db, await scope.orgOf(request), publicUrl),
    );
    app.post(
      `${scope.path}/checkout-token/rotate`,
      {
        ...scope.route,
        schema: {
          ...common,
          ...params,
          summary: `A new checkout token for ${scope.who}: the old checkout and record URLs stop working`,
          response: { 200: UrlResponse, ...authErrors },
        },
      },
      async (request) => rotateCheckoutToken(db, clock, await scope.orgOf(request), publicUrl, auditActorOf(request)),
    );
    app.get(
      `${scope.path}/record-url`,
      {
        ...scope.route,
        schema: {
          ...common,
          ...params,
          summary: `The Record URL of ${scope.who} (POST completes a payment at once; keep it secret)`,
          response: { 200: UrlResponse, ...authErrors },
        },
      },
      async (request) => organisationRecordUrl(db, await scope.orgOf(request), publicUrl, dataKey),
    );
  }
};

export default organisationPublicUrlRoutes;
