import type { GatewayConfig } from '../../../src/lib/gateway-config/index.ts';
import type { HmacAlgorithm } from '../../../src/lib/signing.ts';
import { fromMinorUnits } from '../../../src/lib/money.ts';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/client.ts';
import { eq } from 'drizzle-orm';
import { gateways, payments } from '../../db/schema.ts';
import { callVerify } from '../adapter/http-adapter.ts';
import { readInboundWebhook, signatureHeaderValue, verifyInboundSignature } from '../adapter/inbound-webhook.ts';
import type { TargetPolicy } from '../adapter/target-guard.ts';
import { gatewaySecrets } from '../gateways/gateways-service.ts';
import { findGateway, type GatewayRow } from '../gateways/gateways-repository.ts';
import { findProviderByName } from '../providers/providers-repository.ts';
import { findCurrenciesByCode } from '../reference/currencies-repository.ts';
import { markFailed, markSuccess } from '../payments/transitions.ts';
import { insertWebhookLog } from './webhook-logs-repository.ts';

export interface CallbackContext {
  db: Database;
  clock: Clock;
  dataKey: Buffer;
  targets: TargetPolicy;
}

export interface CallbackOutcome {
  httpStatus: 200 | 400 | 401 | 404;
  status: 'accepted' | 'duplicate' | 'ignored' | 'rejected';
  message: string;
  paymentStatus?: string;
}

async function candidateConfigs(db: Database, providerId: number): Promise<GatewayConfig[]> {
  const rows = await db.select({ config: gateways.config }).from(gateways).where(eq(gateways.providerId, providerId));
  const seen = new Set<string>();
  return rows
    .map((row) => row.config as GatewayConfig)
    .filter((config) => {
      const key = JSON.stringify(config.webhook ?? {});
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

/**
 * Handles `POST /api/webhooks/psp/{provider}`: locates the payment by the configured reference
 * locator, verifies the signature with the payment's own gateway (HMAC of the raw body), and applies
 * the mapped status. Unsigned callbacks count only with `allowUnsigned`, and then only a `verify`
 * call decides. Every request is logged; replays change nothing.
 */
export async function handlePspCallback(
  ctx: CallbackContext,
  providerName: string,
  rawBody: string,
  headers: Record<string, string | string[] | undefined>,
): Promise<CallbackOutcome> {
  const log = async (
    outcome: CallbackOutcome,
    extra: { orgId?: number | null; paymentId?: number | null; reference?: string | null; signatureValid?: boolean | null },
  ) => {
    await insertWebhookLog(ctx.db, {
      createdAt: ctx.clock.now(),
      provider: providerName.slice(0, 50),
      orgId: extra.orgId ?? null,
      paymentId: extra.paymentId ?? null,
      reference: extra.reference?.slice(0, 100) ?? null,
      status: outcome.status,
      signatureValid: extra.signatureValid ?? null,
      httpStatus: outcome.httpStatus,
      message: outcome.message.slice(0, 500),
    });
    return outcome;
  };
  const provider = await findProviderByName(ctx.db, providerName);
  if (!provider) return log({ httpStatus: 404, status: 'rejected', message: `Unknown provider ${providerName}.` }, {});

  let reference: string | undefined;
  for (const config of await candidateConfigs(ctx.db, provider.id)) {
    reference = readInboundWebhook(config, rawBody).reference;
    if (reference) break;
  }
  if (!reference) return log({ httpStatus: 400, status: 'rejected', message: 'No payment reference found in the callback.' }, {});
  const [payment] = await ctx.db.select().from(payments).where(eq(payments.reference, reference)).limit(1);
  if (!payment) return log({ httpStatus: 404, status: 'rejected', message: `Unknown payment reference ${reference}.` }, { reference });
  const gateway: GatewayRow | undefined =
    payment.gatewayId === null
      ? undefined
      : ((await findGateway(ctx.db, payment.orgId, payment.gatewayId)) ?? (await findGateway(ctx.db, null, payment.gatewayId)));
  const scope = { orgId: payment.orgId, paymentId: payment.id, reference };
  if (!gateway || gateway.providerId !== provider.id) {
    return log({ httpStatus: 404, status: 'rejected', message: `Payment ${reference} was not started at ${provider.name}.` }, scope);
  }
  const config = gateway.config as GatewayConfig;
  const secrets = gatewaySecrets(gateway, ctx.dataKey);
  const signed = signatureHeaderValue(config, headers, provider.webhookHeaderName) !== undefined;
  let mapped: 'success' | 'failed' | 'pending';
  let signatureValid: boolean | null = null;
  if (signed || !config.webhook?.allowUnsigned) {
    signatureValid = await verifyInboundSignature(
      config,
      gateway.hmacAlgo as HmacAlgorithm,
      secrets.webhookSecret,
      rawBody,
      headers,
      provider.webhookHeaderName,
    );
    if (!signatureValid) {
      return log(
        { httpStatus: 401, status: 'rejected', message: signed ? 'Invalid signature.' : 'Missing signature.' },
        { ...scope, signatureValid },
      );
    }
    mapped = readInboundWebhook(config, rawBody).mappedStatus;
  } else {
    // Unsigned and allowed: the body's status is never trusted; ask the PSP.
    const [currency] = await findCurrenciesByCode(ctx.db, [payment.currency]);
    const verify = await callVerify(
      config,
      {
        reference: payment.reference,
        providerReference: payment.providerReference ?? '',
        amount: fromMinorUnits(payment.amountMinor, currency?.baseUnit ?? 100),
        amountMinor: payment.amountMinor,
        currency: payment.currency,
        customer: { email: payment.customerEmail, name: payment.customerName, phone: payment.customerPhone },
        meta: {},
      },
      secrets,
      { policy: ctx.targets, clock: ctx.clock, baseUrl: gateway.baseUrl },
    );
    if (verify.outcome !== 'ok' || !verify.mappedStatus) {
      return log(
        { httpStatus: 400, status: 'rejected', message: `Unsigned callback and verify failed: ${verify.error ?? verify.outcome}` },
        scope,
      );
    }
    mapped = verify.mappedStatus;
  }
  if (mapped === 'pending')
    return log(
      { httpStatus: 200, status: 'ignored', message: 'Status is not final yet.', paymentStatus: payment.status },
      { ...scope, signatureValid },
    );
  const now = ctx.clock.now();
  const result = await ctx.db.transaction((tx) =>
    mapped === 'success' ? markSuccess(tx, payment.id, 'webhook', now) : markFailed(tx, payment.id, 'webhook', now),
  );
  return log(
    {
      httpStatus: 200,
      status: result.changed ? 'accepted' : 'duplicate',
      message: result.changed ? `Payment is now ${result.status}.` : `No change: payment is ${result.status}.`,
      paymentStatus: result.status,
    },
    { ...scope, signatureValid },
  );
}
