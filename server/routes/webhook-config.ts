import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { DateTime, OrNull, authErrors, DatabaseId, BigDatabaseId } from '../schemas/common.ts';
import { ListOf, PageQuery, pageOf } from '../schemas/pagination.ts';
import {
  getWebhookConfig,
  listWebhookDeliveries,
  resendWebhookDelivery,
  sendTestWebhook,
  updateWebhookConfig,
  type WebhookConfigContext,
} from '../services/webhooks/webhook-config.ts';
import { scopedOrganisation, type OrganisationScope } from '../plugins/organisation-scope.ts';

const nullableUrl = Type.Optional(Type.Union([Type.Null(), Type.String({ maxLength: 2048 })]));

const WebhookConfig = Type.Object({
  callbackUrl: OrNull(Type.String()),
  notifierUrl: OrNull(Type.String()),
  autoNotify: Type.Boolean(),
  webhookSecret: OrNull(Type.String({ description: "masked hint such as '••••abcd'; never the secret" })),
  outboundHeaderName: Type.String(),
  outboundTimestampHeader: Type.String(),
  callbackDisabled: Type.Boolean({ description: 'the callback URL answered 410 Gone; saving the URL again re-enables it' }),
});
const PatchBody = Type.Object(
  {
    webhookUrl: Type.Optional(Type.Union([Type.Null(), Type.String({ maxLength: 2048 })], { description: 'alias of callbackUrl' })),
    callbackUrl: nullableUrl,
    notifierUrl: nullableUrl,
    autoNotify: Type.Optional(Type.Boolean()),
    webhookSecret: Type.Optional(
      Type.Union([Type.Null(), Type.String({ maxLength: 500 })], {
        description: "whsec_ + base64 of at least 24 bytes; null or '' clears it; the masked hint keeps the stored one",
      }),
    ),
    // Longer than allowed so the service answers with its own message.
    outboundHeaderName: Type.Optional(Type.String({ maxLength: 200 })),
    outboundTimestampHeader: Type.Optional(Type.String({ maxLength: 200 })),
  },
  { additionalProperties: false },
);
const Delivery = Type.Object({
  id: Type.Integer(),
  timestamp: DateTime,
  event: Type.String(),
  eventId: Type.String({ description: 'the Standard Webhooks webhook-id; kept on retries and resends' }),
  url: Type.String(),
  status: Type.Union([
    Type.Literal('Success'),
    Type.Literal('Pending'),
    Type.Literal('Retrying'),
    Type.Literal('Failed'),
    Type.Literal('Disabled'),
  ]),
  attempt: Type.Integer(),
  responseCode: OrNull(Type.Integer()),
  nextAttemptAt: OrNull(DateTime),
  error: OrNull(Type.String()),
});
const ListQuery = Type.Object({ ...PageQuery }, { additionalProperties: false });

/** The routes of one scope: the caller's own organisation, or any by id (superadmin). */
function scopeRoutes(prefix: string, organisationScope: OrganisationScope): FastifyPluginAsyncTypebox<{ ctx: WebhookConfigContext }> {
  return async (app, { ctx }) => {
    const superadminOnly = organisationScope !== 'own';
    // The scope's hook (plugins/organisation-scope.ts) adds the superadmin check for the global and named scopes.
    const scoped = { preHandler: app.authenticate, config: { organisationScope } };
    const common = { tags: ['webhooks'], security: [{ bearer: [] }] };
    const orgId = { id: DatabaseId() };
    const params = superadminOnly ? { params: Type.Object(orgId) } : {};
    const deliveryParams = Type.Object({ ...(superadminOnly ? orgId : {}), deliveryId: BigDatabaseId() });

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
          body: PatchBody,
          response: { 200: WebhookConfig, ...authErrors },
        },
      },
      async (request) => updateWebhookConfig(ctx, scopedOrganisation(request), request.body),
    );
    app.get(
      `${prefix}/webhook-deliveries`,
      {
        ...scoped,
        schema: {
          ...common,
          summary: 'Outbound webhook deliveries, newest first',
          ...params,
          querystring: ListQuery,
          response: { 200: ListOf(Delivery), ...authErrors },
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
          response: { 202: Delivery, ...authErrors },
        },
      },
      async (request, reply) =>
        reply
          .code(202)
          .send(await resendWebhookDelivery(ctx, scopedOrganisation(request), (request.params as { deliveryId: number }).deliveryId)),
    );
    app.post(
      `${prefix}/webhook-test`,
      {
        ...scoped,
        schema: {
          ...common,
          summary: 'Queue a payment.test event to the callback URL',
          ...params,
          response: { 202: Delivery, ...authErrors },
        },
      },
      async (request, reply) => reply.code(202).send(await sendTestWebhook(ctx, scopedOrganisation(request))),
    );
  };
}

/** Webhook configuration and delivery logs: /organisations/my-organisation/… and /organisations/{id}/… (superadmin). */
const webhookConfigRoutes: FastifyPluginAsyncTypebox<{ ctx: WebhookConfigContext }> = async (app, options) => {
  await app.register(scopeRoutes('/organisations/my-organisation', 'own'), options);
  await app.register(scopeRoutes('/organisations/:id', 'named'), options);
};

export default webhookConfigRoutes;
