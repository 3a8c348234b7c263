import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { auditActorOf } from '../plugins/audit-actor.ts';
import { authErrors, IdParams } from '../../isomorphic/schemas/common.ts';
import { ListOf, pageOf } from '../../isomorphic/schemas/pagination.ts';
import {
  DeliveryParams,
  OrganisationDeliveryParams,
  WebhookConfig,
  WebhookConfigBody,
  WebhookDelivery,
  WebhookDeliveryAttemptList,
  WebhookDeliveryQuery,
  WebhookRecoverBody,
  WebhookRecoverResult,
} from '../../isomorphic/schemas/webhooks.ts';
import {
  getWebhookConfig,
  listDeliveryAttempts,
  listWebhookDeliveries,
  recoverFailedDeliveries,
  resendWebhookDelivery,
  sendTestWebhook,
  updateWebhookConfig,
  type WebhookConfigContext,
} from '../services/webhooks/webhook-config.ts';
import { scopedOrganisation, type OrganisationScope } from '../plugins/organisation-scope.ts';

/** The routes of one scope: the caller's own organisation, or any by id (superadmin). */
function scopeRoutes(prefix: string, organisationScope: OrganisationScope): FastifyPluginAsyncTypebox<{ ctx: WebhookConfigContext }> {
  return async (app, { ctx }) => {
    const superadminOnly = organisationScope !== 'own';
    // The scope's hook (plugins/organisation-scope.ts) adds the superadmin check for the global and named scopes.
    const scoped = { preHandler: app.authenticate, config: { organisationScope } };
    const common = { tags: ['webhooks'], security: [{ bearer: [] }] };
    const params = superadminOnly ? { params: IdParams } : {};
    const deliveryParams = superadminOnly ? OrganisationDeliveryParams : DeliveryParams;

    app.get(
      `${prefix}/webhook-config`,
      {
        ...scoped,
        schema: { ...common, summary: 'Outbound webhook settings', ...params, response: { 200: WebhookConfig, ...authErrors } },
      },
      async (request) => getWebhookConfig(ctx, scopedOrganisation(request)),
    );
    app.patch(
      `${prefix}/webhook-config`,
      {
        ...scoped,
        schema: {
          ...common,
          summary: 'Change outbound webhook settings (a 400 saves nothing)',
          ...params,
          body: WebhookConfigBody,
          response: { 200: WebhookConfig, ...authErrors },
        },
      },
      async (request) => updateWebhookConfig(ctx, scopedOrganisation(request), request.body, auditActorOf(request)),
    );
    app.get(
      `${prefix}/webhook-deliveries`,
      {
        ...scoped,
        schema: {
          ...common,
          summary: 'Outbound webhook deliveries, newest first',
          ...params,
          querystring: WebhookDeliveryQuery,
          response: { 200: ListOf(WebhookDelivery), ...authErrors },
        },
      },
      async (request) => listWebhookDeliveries(ctx, scopedOrganisation(request), pageOf(request.query)),
    );
    app.post(
      `${prefix}/webhook-deliveries/:deliveryId/resend`,
      {
        ...scoped,
        schema: {
          ...common,
          summary: 'Deliver the same event (same webhook-id) again now',
          params: deliveryParams,
          response: { 202: WebhookDelivery, ...authErrors },
        },
      },
      async (request, reply) =>
        reply
          .code(202)
          .send(await resendWebhookDelivery(ctx, scopedOrganisation(request), request.params.deliveryId, auditActorOf(request))),
    );
    app.get(
      `${prefix}/webhook-deliveries/:deliveryId/attempts`,
      {
        ...scoped,
        schema: {
          ...common,
          summary: "Every attempt of a delivery, oldest first (status, duration, the answer's first 500 characters or the error)",
          params: deliveryParams,
          response: { 200: WebhookDeliveryAttemptList, ...authErrors },
        },
      },
      async (request) => listDeliveryAttempts(ctx, scopedOrganisation(request), request.params.deliveryId),
    );
    app.post(
      `${prefix}/webhook-deliveries/recover`,
      {
        ...scoped,
        schema: {
          ...common,
          summary:
            'Recover: send again every delivery created since a time that failed (oldest first, at most 500 a call; idempotent: a re-queued one is not taken again)',
          ...params,
          body: WebhookRecoverBody,
          response: { 202: WebhookRecoverResult, ...authErrors },
        },
      },
      async (request, reply) =>
        reply.code(202).send(await recoverFailedDeliveries(ctx, scopedOrganisation(request), request.body.since, auditActorOf(request))),
    );
    app.post(
      `${prefix}/webhook-test`,
      {
        ...scoped,
        schema: {
          ...common,
          summary: 'Queue a payment.test event to the callback URL',
          ...params,
          response: { 202: WebhookDelivery, ...authErrors },
        },
      },
      async (request, reply) => reply.code(202).send(await sendTestWebhook(ctx, scopedOrganisation(request), auditActorOf(request))),
    );
  };
}

/** Webhook configuration and delivery logs: /organisations/my-organisation/… and /organisations/{id}/… (superadmin). */
const webhookConfigRoutes: FastifyPluginAsyncTypebox<{ ctx: WebhookConfigContext }> = async (app, options) => {
  await app.register(scopeRoutes('/organisations/my-organisation', 'own'), options);
  await app.register(scopeRoutes('/organisations/:id', 'named'), options);
};

export default webhookConfigRoutes;
