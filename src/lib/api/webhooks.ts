import type { Static } from 'typebox';
import type { Wire } from '../../../isomorphic/schemas/common.ts';
import type * as schemas from '../../../isomorphic/schemas/webhooks.ts';
import { apiGet, apiPatch, apiPost } from './client.ts';
import { normaliseList, type ListPage, type ListQuery } from './list.ts';

/** An organisation's outbound webhook settings (docs/decisions.md#outbound-webhooks); the secret only ever as a masked hint. */
export type WebhookConfig = Static<typeof schemas.WebhookConfig>;

/**
 * PATCH …/webhook-config body; every field optional. `webhookUrl` is an alias of `callbackUrl`
 * (the spec's settings screen sends it). '' or null clears a URL or the secret; sending the masked
 * hint back keeps the stored secret; a new secret is `whsec_` + base64 of at least 24 bytes.
 */
export type WebhookConfigPatch = Static<typeof schemas.WebhookConfigBody>;

export type WebhookDeliveryStatus = Static<typeof schemas.WebhookDeliveryStatus>;

/** One outbound delivery (an event to one URL) with the outcome of its latest attempt. */
export type WebhookDelivery = Wire<Static<typeof schemas.WebhookDelivery>>;

/** The path of an organisation endpoint: the caller's own (`null`), or a chosen one's (superadmin). */
const organisationPath = (organisationId: number | null, rest: string): string =>
  `/organisations/${organisationId === null ? 'my-organisation' : organisationId}/${rest}`;

/** GET …/webhook-config. */
export function getWebhookConfig(organisationId: number | null): Promise<WebhookConfig> {
  return apiGet<WebhookConfig>(organisationPath(organisationId, 'webhook-config'));
}

/** PATCH …/webhook-config: 400 with a clear message on a bad URL, header name or secret (nothing saved). */
export function updateWebhookConfig(organisationId: number | null, patch: WebhookConfigPatch): Promise<WebhookConfig> {
  return apiPatch<WebhookConfig>(organisationPath(organisationId, 'webhook-config'), patch);
}

/** GET …/webhook-deliveries: newest first. */
export async function listWebhookDeliveries(
  organisationId: number | null,
  query: ListQuery<typeof schemas.WebhookDeliveryQuery> = {},
): Promise<ListPage<WebhookDelivery>> {
  return normaliseList<WebhookDelivery>(await apiGet<unknown>(organisationPath(organisationId, 'webhook-deliveries'), { ...query }));
}

/** POST …/webhook-deliveries/{id}/resend: delivers the same event (same webhook-id) again now. */
export function resendWebhookDelivery(organisationId: number | null, id: number): Promise<WebhookDelivery> {
  return apiPost<WebhookDelivery>(organisationPath(organisationId, `webhook-deliveries/${id}/resend`));
}

/** POST …/webhook-test: queues a payment.test event to the callback URL; 400 'Set a callback URL first.' without one. */
export function sendTestWebhook(organisationId: number | null): Promise<WebhookDelivery> {
  return apiPost<WebhookDelivery>(organisationPath(organisationId, 'webhook-test'));
}

/** One attempt of a delivery: what the endpoint answered (or the error) and how long it took. */
export type WebhookDeliveryAttempt = Wire<Static<typeof schemas.WebhookDeliveryAttempt>>;

/** POST …/webhook-deliveries/recover answer: how many failed deliveries were queued again, and whether more remain. */
export type WebhookRecoverResult = Static<typeof schemas.WebhookRecoverResult>;

/** GET …/webhook-deliveries/{id}/attempts: every attempt of a delivery, oldest first. */
export function listWebhookDeliveryAttempts(organisationId: number | null, id: number): Promise<WebhookDeliveryAttempt[]> {
  return apiGet<WebhookDeliveryAttempt[]>(organisationPath(organisationId, `webhook-deliveries/${id}/attempts`));
}

/** POST …/webhook-deliveries/recover: sends again every delivery created since `since` (ISO) that failed, a bounded batch a call. */
export function recoverWebhookDeliveries(organisationId: number | null, since: string): Promise<WebhookRecoverResult> {
  return apiPost<WebhookRecoverResult>(organisationPath(organisationId, 'webhook-deliveries/recover'), { since });
}
