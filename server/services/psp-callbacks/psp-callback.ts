import type { GatewayConfig } from '../../../isomorphic/gateway-config/index.ts';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/client.ts';
import { parseBody } from '../adapter/extract.ts';
import { readInboundWebhook, readRefundWebhook } from '../adapter/inbound-webhook.ts';
import type { TargetPolicy } from '../adapter/target-guard.ts';
import { allBankConfigs } from '../banks/banks-repository.ts';
import { BANK_CALLBACK_PROVIDER } from '../providers/providers-service.ts';
import { verifyPaymentStatus } from '../payments/payment-verifier.ts';
import type { PaymentRow } from '../payments/payments-repository.ts';
import { markFailed, markSuccess, type PaymentStatus } from '../payments/transitions.ts';
import type { AuditActor } from '../audit/audit-actor.ts';
import { distinctWebhookLocators, paymentWithGateway, providerForCallback } from './callback-lookups.ts';
import { wakeDeliveryWorkers } from '../ledger/ledger.ts';
import { callbackSignature } from './callback-signature.ts';
import { handleRefundCallback } from './refund-callback.ts';
import { insertWebhookLog, webhookLogSideWrite, type WebhookLogInsert } from './webhook-logs-repository.ts';

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

/** What a callback's log row says it was about, beside its outcome. */
export interface CallbackLogScope {
  orgId?: number | null;
  paymentId?: number | null;
  reference?: string | null;
  signatureValid?: boolean | null;
}

/** How a callback handler logs: `log` writes the row on its own, `logEntry` is the row for a statement to write. */
export interface CallbackLogging {
  log: (outcome: CallbackOutcome, scope: CallbackLogScope) => Promise<CallbackOutcome>;
  logEntry: (outcome: CallbackOutcome, scope: CallbackLogScope) => WebhookLogInsert;
}

async function bankConfigs(db: Database): Promise<GatewayConfig[]> {
  return distinctWebhookLocators(await allBankConfigs(db));
}

/** The final status according to a `verify` call, or why there is none. */
async function mappedByVerify(ctx: CallbackContext, payment: PaymentRow): Promise<{ mapped: 'success' | 'failed' | 'pending' } | string> {
  const verify = await verifyPaymentStatus(ctx, payment);
  if (!verify) return 'Unsigned callback and the payment has nowhere to verify it.';
  if (verify.outcome !== 'ok' || !verify.mappedStatus) return `Unsigned callback and verify failed: ${verify.error ?? verify.outcome}`;
  return { mapped: verify.mappedStatus };
}

/**
 * Handles `POST /api/webhooks/psp/{provider}`: locates the payment by the configured reference
 * locator, verifies the signature with the payment's own gateway (HMAC of the raw body), and applies
 * the mapped status. Unsigned callbacks count only with `allowUnsigned`, and then only a `verify`
 * call decides. Bank checkout callbacks (`/api/webhooks/psp/bank`) are located with the banks' configs
 * and always decided by the chosen bank's `verify`. Every request is logged; replays change nothing.
 */
export async function handlePspCallback(
  ctx: CallbackContext,
  providerName: string,
  rawBody: string,
  headers: Record<string, string | string[] | undefined>,
  auditActor?: AuditActor,
): Promise<CallbackOutcome> {
  const logEntry = (outcome: CallbackOutcome, extra: CallbackLogScope): WebhookLogInsert => ({
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
  const log = async (outcome: CallbackOutcome, extra: CallbackLogScope) => {
    await insertWebhookLog(ctx.db, logEntry(outcome, extra));
    return outcome;
  };
  const bankCallback = providerName === BANK_CALLBACK_PROVIDER;
  const located = bankCallback ? undefined : await providerForCallback(ctx.db, providerName);
  if (!bankCallback && !located) return log({ httpStatus: 404, status: 'rejected', message: `Unknown provider ${providerName}.` }, {});
  const provider = located?.provider;
  const body = parseBody(rawBody);

  // A callback about a refund (the gateway's refund.webhook tells it apart) settles that refund, not a payment.
  for (const config of located?.configs ?? []) {
    const refundFields = readRefundWebhook(config, body);
    if (located && refundFields)
      return handleRefundCallback(
        ctx,
        { provider: located.provider, fields: refundFields, rawBody, headers, auditActor },
        { log, logEntry },
      );
  }

  let reference: string | undefined;
  for (const config of located ? located.configs : await bankConfigs(ctx.db)) {
    reference = readInboundWebhook(config, body).reference;
    if (reference) break;
  }
  if (!reference) return log({ httpStatus: 400, status: 'rejected', message: 'No payment reference found in the callback.' }, {});
  const found = await paymentWithGateway(ctx.db, reference);
  if (!found) return log({ httpStatus: 404, status: 'rejected', message: `Unknown payment reference ${reference}.` }, { reference });
  const { current, gateway } = found;
  const { payment } = current;
  const scope = { orgId: payment.orgId, paymentId: payment.id, reference };

  let mapped: 'success' | 'failed' | 'pending';
  let signatureValid: boolean | null = null;
  if (!provider) {
    // Banks hold no webhook secret, so a bank's callback is only a hint: its verify call decides.
    if (payment.bankId === null)
      return log({ httpStatus: 404, status: 'rejected', message: `Payment ${reference} was not started at a bank.` }, scope);
    const verified = await mappedByVerify(ctx, payment);
    if (typeof verified === 'string') return log({ httpStatus: 400, status: 'rejected', message: verified }, scope);
    mapped = verified.mapped;
  } else {
    if (!gateway || gateway.providerId !== provider.id) {
      return log({ httpStatus: 404, status: 'rejected', message: `Payment ${reference} was not started at ${provider.name}.` }, scope);
    }
    const signature = await callbackSignature(ctx.dataKey, provider, gateway, rawBody, headers);
    signatureValid = signature.signatureValid;
    if (signature.signatureValid === false)
      return log({ httpStatus: 401, status: 'rejected', message: signature.message }, { ...scope, signatureValid });
    if (signature.trusted) mapped = readInboundWebhook(gateway.config, body).mappedStatus;
    else {
      // Unsigned and allowed: the body's status is never trusted; ask the PSP.
      const verified = await mappedByVerify(ctx, payment);
      if (typeof verified === 'string') return log({ httpStatus: 400, status: 'rejected', message: verified }, scope);
      mapped = verified.mapped;
    }
  }
  if (mapped === 'pending')
    return log(
      { httpStatus: 200, status: 'ignored', message: 'Status is not final yet.', paymentStatus: payment.status },
      { ...scope, signatureValid },
    );
  const now = ctx.clock.now();
  // The log row is written by the statement that changes the payment (one commit): a callback is recorded exactly
  // when it took effect. A callback that changes nothing is logged on its own.
  const toStatus: PaymentStatus = mapped === 'success' ? 'Success' : 'Failed';
  const accepted: CallbackOutcome = {
    httpStatus: 200,
    status: 'accepted',
    message: `Payment is now ${toStatus}.`,
    paymentStatus: toStatus,
  };
  // A success for a Cancelled payment is accepted and recorded, but the payment stays Cancelled, flagged for refund.
  const flagged: CallbackOutcome = {
    httpStatus: 200,
    status: 'accepted',
    message: 'Payment was cancelled: the success is recorded and the payment is flagged for refund.',
    paymentStatus: 'Cancelled',
  };
  const sideWrite = webhookLogSideWrite(logEntry(accepted, { ...scope, signatureValid }));
  const afterCancelSideWrite = webhookLogSideWrite(logEntry(flagged, { ...scope, signatureValid }));
  const transition = mapped === 'success' ? markSuccess : markFailed;
  const result = await transition(ctx.db, payment.id, 'webhook', now, { sideWrite, afterCancelSideWrite, current, auditActor });
  if (result.flaggedForRefund) return flagged;
  if (!result.changed) {
    const message = `No change: payment is ${result.status}.`;
    return log({ httpStatus: 200, status: 'duplicate', message, paymentStatus: result.status }, { ...scope, signatureValid });
  }
  // Committed: the outbox rows are visible, so this process's delivery worker can take them now.
  wakeDeliveryWorkers();
  return accepted;
}
