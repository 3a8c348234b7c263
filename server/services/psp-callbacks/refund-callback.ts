import type { InboundRefundFields } from '../adapter/inbound-webhook.ts';
import { SYSTEM_ACTOR, type AuditActor } from '../audit/audit-actor.ts';
import { wakeDeliveryWorkers } from '../ledger/ledger.ts';
import type { ProviderRow } from '../providers/providers-repository.ts';
import { verifiedRefundOutcome, verifyRefundAtGateway } from '../refunds/refund-gateway.ts';
import { baseUnitOf, settleRefundAudited, type RefundOutcome } from '../refunds/refund-settlement.ts';
import {
  findRefundByProviderReference,
  findRefundByReference,
  pendingGatewayRefundsOfPayment,
  type RefundView,
} from '../refunds/refunds-repository.ts';
import { paymentWithGateway } from './callback-lookups.ts';
import { callbackSignature } from './callback-signature.ts';
import type { CallbackContext, CallbackLogging, CallbackOutcome } from './psp-callback.ts';
import { insertWebhookLog } from './webhook-logs-repository.ts';

export interface RefundCallback {
  provider: ProviderRow;
  fields: InboundRefundFields;
  rawBody: string;
  headers: Record<string, string | string[] | undefined>;
  auditActor?: AuditActor | undefined;
}

/** The refund a callback names: by Payrail's reference, the PSP's refund id, or its payment's one Pending refund. */
async function locateRefund(ctx: CallbackContext, callback: RefundCallback): Promise<RefundView | Omit<CallbackOutcome, 'paymentStatus'>> {
  const { fields, provider } = callback;
  if (fields.reference) {
    return (
      (await findRefundByReference(ctx.db, null, fields.reference)) ?? {
        httpStatus: 404,
        status: 'rejected',
        message: `Unknown refund reference ${fields.reference}.`,
      }
    );
  }
  if (fields.providerReference) {
    return (
      (await findRefundByProviderReference(ctx.db, provider.id, fields.providerReference)) ?? {
        httpStatus: 404,
        status: 'rejected',
        message: `No refund sent through ${provider.name} has the reference ${fields.providerReference}.`,
      }
    );
  }
  if (fields.paymentReference) {
    const pending = await pendingGatewayRefundsOfPayment(ctx.db, fields.paymentReference, fields.amountMinor, 2);
    if (pending.length === 1 || (pending.length > 1 && fields.amountMinor !== undefined)) return pending[0]!;
    if (pending.length > 1)
      return {
        httpStatus: 400,
        status: 'rejected',
        message: `Payment ${fields.paymentReference} has several pending refunds: the callback does not say which one.`,
      };
    return {
      httpStatus: 404,
      status: 'rejected',
      message: `Payment ${fields.paymentReference} has no pending refund${fields.amountMinor === undefined ? '' : ` of ${fields.amountMinor} minor units`}.`,
    };
  }
  return { httpStatus: 400, status: 'rejected', message: 'No refund reference found in the callback.' };
}

/**
 * Handles a PSP callback about a refund (docs/refunds.md#psp-callbacks): locates the refund, checks the signature with
 * the gateway that took its payment, and settles a Pending refund by the mapped status — Succeeded (credit note,
 * refunded amount, `refund.succeeded`) or Failed (reservation released, `refund.failed`) — with its log row and audit
 * entry in the same transaction. Unsigned callbacks count only with `allowUnsigned`, and then only the refund verify
 * decides. A callback for a refund already settled changes nothing.
 */
export async function handleRefundCallback(
  ctx: CallbackContext,
  callback: RefundCallback,
  { log, logEntry }: CallbackLogging,
): Promise<CallbackOutcome> {
  const { provider, fields } = callback;
  const located = await locateRefund(ctx, callback);
  if (!('id' in located))
    return log(located, { reference: fields.reference ?? fields.providerReference ?? fields.paymentReference ?? null });
  const refund = located;
  const scope = { orgId: refund.orgId, paymentId: refund.paymentId, reference: refund.reference };
  const found = await paymentWithGateway(ctx.db, refund.paymentReference);
  const gateway = found?.gateway;
  if (!found || !gateway || gateway.providerId !== provider.id || refund.method !== 'gateway')
    return log(
      { httpStatus: 404, status: 'rejected', message: `Refund ${refund.reference} was not sent through ${provider.name}.` },
      scope,
    );

  const signature = await callbackSignature(ctx.dataKey, provider, gateway, callback.rawBody, callback.headers);
  const signatureValid = signature.signatureValid;
  if (signature.signatureValid === false)
    return log({ httpStatus: 401, status: 'rejected', message: signature.message }, { ...scope, signatureValid });
  let outcome: RefundOutcome | undefined;
  if (signature.trusted) {
    if (fields.mappedStatus === 'success') outcome = { status: 'Succeeded', providerReference: fields.providerReference };
    else if (fields.mappedStatus === 'failed')
      outcome = {
        status: 'Failed',
        failureReason: fields.message || `The gateway reports the refund failed (status ${fields.status ?? 'unknown'}).`,
        providerReference: fields.providerReference,
      };
  } else {
    // Unsigned and allowed: the body's status is never trusted; ask the PSP about the refund.
    if (!gateway.config.refund?.verify)
      return log({ httpStatus: 400, status: 'rejected', message: 'Unsigned callback and the refund has nowhere to verify it.' }, scope);
    const baseUnit = await baseUnitOf(ctx.db, refund.currency);
    outcome = verifiedRefundOutcome(
      await verifyRefundAtGateway(
        ctx,
        { ...gateway, providerName: provider.name, providerDisplayName: provider.displayName },
        found.current.payment,
        refund,
        baseUnit,
      ),
    );
  }
  if (!outcome)
    return log({ httpStatus: 200, status: 'ignored', message: 'Refund status is not final yet.' }, { ...scope, signatureValid });

  const accepted: CallbackOutcome = {
    httpStatus: 200,
    status: 'accepted',
    message: `Refund ${refund.reference} is now ${outcome.status}.`,
  };
  const settled = await ctx.db.transaction(async (tx) => {
    const done = await settleRefundAudited(tx, ctx.clock, callback.auditActor ?? SYSTEM_ACTOR, refund, outcome);
    if (done) await insertWebhookLog(tx, logEntry(accepted, { ...scope, signatureValid }));
    return done;
  });
  if (!settled) {
    const current = (await findRefundByReference(ctx.db, null, refund.reference))?.status ?? refund.status;
    return log({ httpStatus: 200, status: 'duplicate', message: `No change: refund is ${current}.` }, { ...scope, signatureValid });
  }
  // Committed: the outbox rows are visible, so this process's delivery worker can take them now.
  if (settled.queued) wakeDeliveryWorkers();
  return accepted;
}
