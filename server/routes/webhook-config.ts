import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { callerOf } from '../plugins/auth.ts';
import { authErrors, IdParams } from '../../shared/schemas/common.ts';
import { ListOf, pageOf } from '../../shared/schemas/pagination.ts';
import {
  DeliveryParams,
  OrganisationDeliveryParams,
  WebhookConfig,
  WebhookConfigBody,
  WebhookDelivery,
  WebhookDeliveryQuery,
} from '../../shared/schemas/webhooks.ts';
import {
  getWebhookConfig,
  listWebhookDeliveries,
  resendWebhookDelivery,
  sendTestWebhook,
  updateWebhookConfig,
  type WebhookConfigContext,
} from '../services/webhooks/webhook-config.ts';
import { ownOrgId } from './organisations.ts';

/** The routes of one scope: the caller's own organisation, or any by id (superadmin). */
function scopeRoutes(
  prefix: string,
  orgOf: (request: FastifyRequest) => number,
  superadminOnly: boolean,
): FastifyPluginAsyncTypebox<{ ctx: WebhookConfigContext }> {
  return async (app, { ctx }) => {
    const guard = superadminOnly ? [app.authenticate, app.requireRole('superadmin')] : [app.authenticate];
    const common = { tags: ['webhooks'], security: [{ bearer: [] }] };
    const params = superadminOnly ? { params: IdParams } : {};
    const deliveryParams = superadminOnly ? OrganisationDeliveryParams : DeliveryParams;

    app.get(
      `${prefix}/webhook-config`,
      {
        preHandler: guard,
        schema: { ...common, summary: 'Outbound webhook settings', ...params, response: { 200: WebhookConfig, ...authErrors } },
      },
      async (request) => getWebhookConfig(ctx, orgOf(request)),
    );
    app.patch(
      `${prefix}/webhook-config`,
      {
        preHandler: guard,
        schema: {
          ...common,
          summary: 'Change outbound webhook settings (a 400 saves nothing)',
          ...params,
          body: WebhookConfigBody,
          response: { 200: WebhookConfig, ...authErrors },
        },
      },
      async (request) => updateWebhookConfig(ctx, orgOf(request), request.body),
    );
    app.get(
      `${prefix}/webhook-deliveries`,
      {
        preHandler: guard,
        schema: {
          ...common,
          summary: 'Outbound webhook deliveries, newest first',
          ...params,
          querystring: WebhookDeliveryQuery,
          response: { 200: ListOf(WebhookDelivery), ...authErrors },
        },
      },
      async (request) => listWebhookDeliveries(ctx, orgOf(request), pageOf(request.query)),
    );
    app.post(
      `${prefix}/webhook-deliveries/:deliveryId/resend`,
      {
        preHandler: guard,
        schema: {
          ...common,
          summary: 'Deliver the same event (same webhook-id) again now',
          params: deliveryParams,
          response: { 202: WebhookDelivery, ...authErrors },
        },
      },
      async (request, reply) => reply.code(202).send(await resendWebhookDelivery(ctx, orgOf(request), request.params.deliveryId)),
    );
    app.post(
      `${prefix}/webhook-test`,
      {
        preHandler: guard,
        schema: {
          ...common,
          summary: 'Queue a payment.test event to the callback URL',
          ...params,
          response: { 202: WebhookDelivery, ...authErrors },
        },
      },
      async (request, reply) => reply.code(202).send(await sendTestWebhook(ctx, orgOf(request))),
    );
  };
}

/** Webhook configuration and delivery logs: /organisations/my-organisation/… and /organisations/{id}/… (superadmin). */
const webhookConfigRoutes: FastifyPluginAsyncTypebox<{ ctx: WebhookConfigContext }> = async (app, options) => {
  await app.register(
    scopeRoutes('/organisations/my-organisation', (request) => ownOrgId(callerOf(request)), false),
    options,
  );
  await app.register(
    scopeRoutes('/organisations/:id', (request) => (request.params as { id: number }).id, true),
    options,
  );
};

export default webhookConfigRoutes;
