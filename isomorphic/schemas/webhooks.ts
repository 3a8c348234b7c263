// Outbound webhook settings and deliveries on the wire.
import { Type } from 'typebox';
import { BigDatabaseId, DatabaseId, DateTime, OrNull } from './common.ts';
import { PageQuery } from './pagination.ts';

export const WebhookConfig = Type.Object({
  callbackUrl: OrNull(Type.String()),
  notifierUrl: OrNull(Type.String()),
  autoNotify: Type.Boolean(),
  webhookSecret: OrNull(Type.String({ description: "masked hint such as '••••abcd'; never the secret" })),
  outboundHeaderName: Type.String(),
  outboundTimestampHeader: Type.String(),
  callbackDisabled: Type.Boolean({ description: 'the callback URL answered 410 Gone; saving the URL again re-enables it' }),
});

const nullableUrl = Type.Optional(Type.Union([Type.Null(), Type.String({ maxLength: 2048 })]));
export const WebhookConfigBody = Type.Object(
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

export const WebhookDeliveryStatus = Type.Union([
  Type.Literal('Success'),
  Type.Literal('Pending'),
  Type.Literal('Retrying'),
  Type.Literal('Failed'),
  Type.Literal('Disabled'),
]);
export const WebhookDelivery = Type.Object({
  id: Type.Integer(),
  timestamp: DateTime,
  event: Type.String(),
  eventId: Type.String({ description: 'the Standard Webhooks webhook-id; kept on retries and resends' }),
  url: Type.String(),
  status: WebhookDeliveryStatus,
  attempt: Type.Integer(),
  responseCode: OrNull(Type.Integer()),
  nextAttemptAt: OrNull(DateTime),
  error: OrNull(Type.String()),
});
export const WebhookDeliveryQuery = Type.Object({ ...PageQuery }, { additionalProperties: false });

/** `/:deliveryId` of the caller's own organisation's delivery. */
export const DeliveryParams = Type.Object({ deliveryId: BigDatabaseId() });
/** `/:id/…/:deliveryId`: an organisation's delivery, for a superadmin. */
export const OrganisationDeliveryParams = Type.Object({ id: DatabaseId(), deliveryId: BigDatabaseId() });

/** One attempt to deliver a webhook: what the endpoint answered (or the error) and how long it took. */
export const WebhookDeliveryAttempt = Type.Object({
  attempt: Type.Integer(),
  startedAt: DateTime,
  durationMs: Type.Integer(),
  statusCode: OrNull(Type.Integer()),
  responseExcerpt: OrNull(Type.String({ description: 'the first 500 characters of the answer' })),
  error: OrNull(Type.String()),
});
export const WebhookDeliveryAttemptList = Type.Array(WebhookDeliveryAttempt);

/** The most failed deliveries one recover call re-queues (call again, with the same time, for the rest). */
export const RECOVER_LIMIT = 500;

export const WebhookRecoverBody = Type.Object(
  {
    since: Type.String({ format: 'date-time', description: 'resend the deliveries created at or after this time that failed' }),
  },
  { additionalProperties: false },
);
export const WebhookRecoverResult = Type.Object({
  requeued: Type.Integer({ description: 'failed deliveries made due again by this call' }),
  limit: Type.Integer({ description: `the most one call re-queues (${RECOVER_LIMIT})` }),
  more: Type.Boolean({ description: 'more failed deliveries remain since that time: call again' }),
});
