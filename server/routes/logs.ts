import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Database } from '../db/client.ts';
import { scopedOrganisation } from '../plugins/organisation-scope.ts';
import { authErrors } from '../../isomorphic/schemas/common.ts';
import { ApiLog, ApiLogRef, LogPageQuery, WebhookLog, WebhookLogQuery, WebhookLogRef } from '../../isomorphic/schemas/logs.ts';
import { ListOf, pageOf } from '../../isomorphic/schemas/pagination.ts';
import { apiLogPage, webhookLogPage } from '../services/logs/system-logs.ts';

/** System Logs: API request logs and inbound PSP callback logs. */
const logRoutes: FastifyPluginAsyncTypebox<{ db: Database }> = async (app, { db }) => {
  app.addSchema(ApiLog);
  app.addSchema(WebhookLog);
  const common = { tags: ['logs'], security: [{ bearer: [] }] };
  const superadmin = [app.authenticate, app.requireRole('superadmin')];

  app.get(
    '/logs/api',
    {
      preHandler: superadmin,
      schema: {
        ...common,
        summary: 'API request logs, newest first (superadmin)',
        querystring: LogPageQuery,
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
        querystring: WebhookLogQuery,
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
        querystring: LogPageQuery,
        response: { 200: ListOf(WebhookLogRef), ...authErrors },
      },
    },
    async (request) => webhookLogPage(db, scopedOrganisation(request), pageOf(request.query)),
  );
};

export default logRoutes;
