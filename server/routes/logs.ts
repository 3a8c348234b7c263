import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Database } from '../db/client.ts';
import { scopedOrganisation } from '../plugins/organisation-scope.ts';
import { DateTime, OrNull, authErrors, DatabaseId } from '../schemas/common.ts';
import { ListOf, PageQuery, pageOf } from '../schemas/pagination.ts';
import { apiLogPage, webhookLogPage } from '../services/logs/system-logs.ts';

const ApiLog = Type.Object(
  {
    id: Type.Integer(),
    timestamp: DateTime,
    method: Type.String(),
    endpoint: Type.String({ description: 'path without the query string' }),
    statusCode: Type.Integer(),
  },
  { $id: 'ApiLog' },
);
const WebhookLog = Type.Object(
  {
    id: Type.Integer(),
    timestamp: DateTime,
    createdAt: DateTime,
    status: Type.String({ description: 'accepted, duplicate, ignored or rejected' }),
    provider: Type.String(),
    reference: OrNull(Type.String()),
    orgId: OrNull(Type.Integer()),
    organisation: OrNull(Type.String({ description: "the organisation's name; null when none was found" })),
    signatureValid: OrNull(Type.Boolean()),
    httpStatus: Type.Integer({ description: 'what Payrail answered the PSP' }),
    message: OrNull(Type.String()),
  },
  { $id: 'WebhookLog' },
);
const PageOnly = Type.Object({ ...PageQuery }, { additionalProperties: false });

/** System Logs: API request logs and inbound PSP callback logs. */
const logRoutes: FastifyPluginAsyncTypebox<{ db: Database }> = async (app, { db }) => {
  app.addSchema(ApiLog);
  app.addSchema(WebhookLog);
  const ApiLogRef = Type.Ref('ApiLog');
  const WebhookLogRef = Type.Ref('WebhookLog');
  const common = { tags: ['logs'], security: [{ bearer: [] }] };
  const superadmin = [app.authenticate, app.requireRole('superadmin')];

  app.get(
    '/logs/api',
    {
      preHandler: superadmin,
      schema: {
        ...common,
        summary: 'API request logs, newest first (superadmin)',
        querystring: PageOnly,
        response: { 200: ListOf(ApiLogRef), ...authErrors },
      },
    },
    async (request) => apiLogPage(db, pageOf(request.query)),
  );
  app.get(
    '/logs/webhooks',
    {
      preHandler: superadmin,
      schema: {
        ...common,
        summary: "Inbound PSP callback logs, newest first (superadmin); orgId narrows them to one organisation's",
        querystring: Type.Object({ ...PageQuery, orgId: Type.Optional(DatabaseId()) }, { additionalProperties: false }),
        response: { 200: ListOf(WebhookLogRef), ...authErrors },
      },
    },
    async (request) => webhookLogPage(db, request.query.orgId, pageOf(request.query)),
  );
  app.get(
    '/logs/webhooks/organisation',
    {
      preHandler: app.authenticate,
      config: { organisationScope: 'own' },
      schema: {
        ...common,
        summary: "Your organisation's inbound PSP callback logs, newest first",
        querystring: PageOnly,
        response: { 200: ListOf(WebhookLogRef), ...authErrors },
      },
    },
    async (request) => webhookLogPage(db, scopedOrganisation(request), pageOf(request.query)),
  );
};

export default logRoutes;
