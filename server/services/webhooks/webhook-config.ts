import { headerNameProblem, webhookSecretProblem } from '../../../isomorphic/outbound-signature.ts';
import { changesBetween, recordAudit, SYSTEM_ACTOR, type AuditActor } from '../audit/audit-service.ts';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/client.ts';
import { badRequest, notFound } from '../../errors.ts';
import type { TargetPolicy } from '../adapter/target-guard.ts';
import { maskSecret, open, seal } from '../crypto/secret-box.ts';
import {
  findOrganisationWebhooks,
  listAttempts,
  listDeliveries,
  requeueDelivery,
  updateOrganisationWebhooks,
  type AttemptRecord,
  type DeliveryRow,
  type DeliveryStatus,
  type OrganisationWebhookRow,
} from './deliveries-repository.ts';
import { endpointValues } from './endpoint-url.ts';
import { organisationHasDelivery, requeueFailedDeliveries } from './recovery-repository.ts';
import { RECOVER_LIMIT } from '../../../isomorphic/schemas/webhooks.ts';
import { enqueueTestEvent } from './outbox.ts';
import { announceQueuedDeliveries } from './delivery-wakeup.ts';

export interface WebhookConfigContext {
  db: Database;
  clock: Clock;
  dataKey: Buffer;
  targets: TargetPolicy;
}

export interface WebhookConfig {
  callbackUrl: string | null;
  notifierUrl: string | null;
  autoNotify: boolean;
  webhookSecret: string | null;
  outboundHeaderName: string;
  outboundTimestampHeader: string;
  callbackDisabled: boolean;
}

export interface WebhookConfigPatch {
  webhookUrl?: string | null | undefined;
  callbackUrl?: string | null | undefined;
  notifierUrl?: string | null | undefined;
  autoNotify?: boolean | undefined;
  webhookSecret?: string | null | undefined;
  outboundHeaderName?: string | undefined;
  outboundTimestampHeader?: string | undefined;
}

export interface PublicDelivery {
  id: number;
  timestamp: Date;
  event: string;
  eventId: string;
  url: string;
  status: DeliveryStatus;
  attempt: number;
  responseCode: number | null;
  nextAttemptAt: Date | null;
  error: string | null;
}

const MASK = '••••';

async function mustFind(db: Database, orgId: number): Promise<OrganisationWebhookRow> {
  const org = await findOrganisationWebhooks(db, orgId);
  if (!org) throw notFound('Organisation not found.');
  return org;
}

function toConfig(org: OrganisationWebhookRow, dataKey: Buffer): WebhookConfig {
  return {
    callbackUrl: org.callbackUrl,
    notifierUrl: org.notifierUrl,
    autoNotify: org.autoNotify,
    webhookSecret: org.webhookSecretSealed === null ? null : maskSecret(open(dataKey, org.webhookSecretSealed)),
    outboundHeaderName: org.outboundHeaderName,
    outboundTimestampHeader: org.outboundTimestampHeader,
    callbackDisabled: org.callbackDisabledAt !== null,
  };
}

/** A delivery as the Delivery Logs show it. */
export function toPublicDelivery(row: DeliveryRow): PublicDelivery {
  return {
    id: row.id,
    timestamp: row.createdAt,
    event: row.type,
    eventId: row.eventId,
    url: row.url,
    status: row.status as DeliveryStatus,
    attempt: row.attempts,
    responseCode: row.lastResponseCode,
    nextAttemptAt: row.nextAttemptAt,
    error: row.lastError,
  };
}

/** An organisation's webhook settings, the secret only as a masked hint. */
export async function getWebhookConfig(ctx: WebhookConfigContext, orgId: number): Promise<WebhookConfig> {
  return toConfig(await mustFind(ctx.db, orgId), ctx.dataKey);
}

/**
 * The sealed secret to store: null/'' clears it, the masked hint keeps the stored one, anything
 * else must be `whsec_` + base64 of at least 24 bytes. undefined leaves it unchanged.
 */
function secretValue(input: string | null | undefined, dataKey: Buffer): string | null | undefined {
  if (input === undefined) return undefined;
  const secret = input?.trim() ?? '';
  if (secret === '') return null;
  if (secret.startsWith(MASK)) return undefined;
  const problem = webhookSecretProblem(secret);
  if (problem) throw badRequest(problem);
  return seal(dataKey, secret);
}

function headerValue(field: string, input: string | undefined): string | undefined {
  if (input === undefined) return undefined;
  const name = input.trim();
  const problem = headerNameProblem(field, name);
  if (problem) throw badRequest(problem);
  return name;
}

/** Validates every field first (a 400 saves nothing), then saves the patch in one update. */
export async function updateWebhookConfig(
  ctx: WebhookConfigContext,
  orgId: number,
  patch: WebhookConfigPatch,
  actor: AuditActor = SYSTEM_ACTOR,
): Promise<WebhookConfig> {
  const current = await mustFind(ctx.db, orgId);
  if (patch.webhookUrl !== undefined && patch.callbackUrl !== undefined && patch.webhookUrl !== patch.callbackUrl) {
    throw badRequest('Send webhookUrl or callbackUrl, not two different values.');
  }
  const values = {
    ...endpointValues(
      { callbackUrl: patch.callbackUrl !== undefined ? patch.callbackUrl : patch.webhookUrl, notifierUrl: patch.notifierUrl },
      ctx.targets,
    ),
    autoNotify: patch.autoNotify,
    webhookSecretSealed: secretValue(patch.webhookSecret, ctx.dataKey),
    outboundHeaderName: headerValue('outboundHeaderName', patch.outboundHeaderName),
    outboundTimestampHeader: headerValue('outboundTimestampHeader', patch.outboundTimestampHeader),
  };
  const signatureHeader = values.outboundHeaderName ?? current.outboundHeaderName;
  const timestampHeader = values.outboundTimestampHeader ?? current.outboundTimestampHeader;
  if (signatureHeader.toLowerCase() === timestampHeader.toLowerCase()) {
    throw badRequest('outboundHeaderName and outboundTimestampHeader must be different headers.');
  }
  if (patch.webhookSecret?.trim().startsWith(MASK) && current.webhookSecretSealed === null) {
    throw badRequest('There is no stored webhookSecret to keep: generate one.');
  }
  const changes = Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined));
  await ctx.db.transaction(async (tx) => {
    if (Object.keys(changes).length > 0) await updateOrganisationWebhooks(tx, orgId, { ...changes, updatedAt: ctx.clock.now() });
    const audited = changesBetween(current, changes, Object.keys(changes));
    await recordAudit(tx, ctx.clock, actor, {
      action: 'webhook-config.update',
      targetType: 'organisation',
      targetId: orgId,
      orgId,
      changes: audited,
    });
  });
  return getWebhookConfig(ctx, orgId);
}

/** A page of the organisation's deliveries, newest first. */
export async function listWebhookDeliveries(ctx: WebhookConfigContext, orgId: number, page: { page: number; pageSize: number }) {
  await mustFind(ctx.db, orgId);
  const { items, total } = await listDeliveries(ctx.db, orgId, { limit: page.pageSize, offset: (page.page - 1) * page.pageSize });
  return { items: items.map(toPublicDelivery), total, page: page.page, pageSize: page.pageSize };
}

/** Resend: the same delivery (same webhook-id and body) becomes due now. */
export async function resendWebhookDelivery(
  ctx: WebhookConfigContext,
  orgId: number,
  id: number,
  actor: AuditActor,
): Promise<PublicDelivery> {
  const row = await ctx.db.transaction(async (tx) => {
    const requeued = await requeueDelivery(tx, orgId, id, ctx.clock.now());
    if (!requeued) throw notFound('Delivery not found.');
    const changes = { status: { before: 'sent again', after: requeued.status } };
    await recordAudit(tx, ctx.clock, actor, {
      action: 'webhook-delivery.resend',
      targetType: 'webhook-delivery',
      targetId: id,
      orgId,
      changes,
    });
    return requeued;
  });
  await announceQueuedDeliveries(ctx.db);
  return toPublicDelivery(row);
}

/** One attempt of a delivery as the API shows it. */
export function toPublicAttempt(row: AttemptRecord) {
  return {
    attempt: row.attempt,
    startedAt: row.startedAt,
    durationMs: row.durationMs,
    statusCode: row.statusCode,
    responseExcerpt: row.responseExcerpt,
    error: row.error,
  };
}

/** Every attempt of one of the organisation's deliveries, oldest first. */
export async function listDeliveryAttempts(ctx: WebhookConfigContext, orgId: number, id: number) {
  if (!(await organisationHasDelivery(ctx.db, orgId, id))) throw notFound('Delivery not found.');
  return (await listAttempts(ctx.db, id)).map(toPublicAttempt);
}

/**
 * Recover: every delivery created since `since` that failed is sent again (same webhook-id and body), at most
 * RECOVER_LIMIT a call, oldest first. Idempotent: one already re-queued is not Failed any more, so it is not taken again.
 */
export async function recoverFailedDeliveries(ctx: WebhookConfigContext, orgId: number, sinceText: string, actor: AuditActor) {
  await mustFind(ctx.db, orgId);
  const since = new Date(sinceText);
  const now = ctx.clock.now();
  if (Number.isNaN(since.getTime())) throw badRequest('since must be a date and time (ISO 8601).');
  if (since.getTime() > now.getTime()) throw badRequest('since must not be in the future.');
  const { requeued, more } = await ctx.db.transaction(async (tx) => {
    const outcome = await requeueFailedDeliveries(tx, orgId, since, now, RECOVER_LIMIT);
    const changes = { requeued: { before: 0, after: outcome.requeued }, since: { before: null, after: since } };
    await recordAudit(tx, ctx.clock, actor, {
      action: 'webhook-delivery.recover',
      targetType: 'organisation',
      targetId: orgId,
      orgId,
      changes,
    });
    return outcome;
  });
  if (requeued > 0) await announceQueuedDeliveries(ctx.db);
  return { requeued, limit: RECOVER_LIMIT, more };
}

/** Send test event: a payment.test with a sample payment to the callback URL. */
export async function sendTestWebhook(ctx: WebhookConfigContext, orgId: number, actor: AuditActor = SYSTEM_ACTOR): Promise<PublicDelivery> {
  const org = await mustFind(ctx.db, orgId);
  if (!org.callbackUrl) throw badRequest('Set a callback URL first.');
  if (org.webhookSecretSealed === null) throw badRequest('Set a webhook secret first: webhooks are only sent signed.');
  const row = await ctx.db.transaction(async (tx) => {
    const queued = await enqueueTestEvent(tx, org, ctx.clock.now());
    if (!queued) throw badRequest('Set a callback URL first.');
    await recordAudit(tx, ctx.clock, actor, { action: 'webhook.test', targetType: 'webhook-delivery', targetId: queued.id, orgId });
    return queued;
  });
  await announceQueuedDeliveries(ctx.db);
  return toPublicDelivery(row);
}
