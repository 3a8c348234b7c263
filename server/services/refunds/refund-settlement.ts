import { randomBytes } from 'node:crypto';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/client.ts';
import type { AuditActor } from '../audit/audit-actor.ts';
import { recordAudit } from '../audit/audit-service.ts';
import { gatewayNameOf } from '../gateways/gateways-repository.ts';
import { queueRefundEvents, recordRefundSucceeded, type RefundEvent } from '../ledger/ledger.ts';
import { findPaymentById, releaseRefundAmount } from '../payments/payments-repository.ts';
import { toPublicPayment } from '../payments/public-payment.ts';
import { cachedCurrenciesByCode } from '../reference/currency-cache.ts';
import { findOrganisationWebhooks } from '../webhooks/deliveries-repository.ts';
import { toPublicRefund } from './public-refund.ts';
import { findRefundById, setCreditNote, settleRefundRow, takeCreditNoteNumber, type RefundRow } from './refunds-repository.ts';

/** How a Pending refund ends: Succeeded (with the PSP's reference, when it gave one) or Failed with the reason. */
export type RefundOutcome =
  | { status: 'Succeeded'; providerReference?: string | null | undefined }
  | { status: 'Failed'; failureReason: string; providerReference?: string | null | undefined };

/** The currency's base unit (100 when unknown). */
export async function baseUnitOf(db: Database, currency: string): Promise<number> {
  const [row] = await cachedCurrenciesByCode(db, [currency]);
  return row?.baseUnit ?? 100;
}

/**
 * Queues a refund event for the refund `refundId` as it now is, with its payment as it now is (refunded amount
 * included), inside the caller's transaction. True when deliveries were queued.
 */
export async function announceRefund(tx: Database, refundId: number, type: RefundEvent['type'], at: Date): Promise<boolean> {
  const refund = await findRefundById(tx, refundId);
  const payment = refund && (await findPaymentById(tx, refund.paymentId));
  const org = refund && (await findOrganisationWebhooks(tx, refund.orgId));
  if (!refund || !payment || !org) throw new Error(`refund ${refundId} has no payment or organisation`);
  const baseUnit = await baseUnitOf(tx, payment.currency);
  const gatewayName = payment.gatewayId === null ? null : await gatewayNameOf(tx, payment.gatewayId);
  return queueRefundEvents(tx, org, [
    { type, at, paymentId: payment.id, refund: toPublicRefund(refund, baseUnit), payment: toPublicPayment(payment, baseUnit, gatewayName) },
  ]);
}

/**
 * Ends a Pending refund, inside the caller's transaction (docs/refunds.md#lifecycle). Succeeded: its amount moves from
 * the payment's pending to its refunded amount and roll-ups, it takes the organisation's next credit note number and
 * a document token, and `refund.succeeded` is queued. Failed: the reservation is given back and `refund.failed` is
 * queued. Undefined when the refund was no longer Pending (nothing changed); else whether deliveries were queued.
 */
export async function settleRefund(
  tx: Database,
  refund: Pick<RefundRow, 'id' | 'orgId' | 'paymentId' | 'amountMinor'>,
  outcome: RefundOutcome,
  at: Date,
): Promise<{ queued: boolean } | undefined> {
  const settled = await settleRefundRow(tx, refund.id, {
    status: outcome.status,
    ...(outcome.providerReference ? { providerReference: outcome.providerReference } : {}),
    failureReason: outcome.status === 'Failed' ? outcome.failureReason.slice(0, 500) : null,
    completedAt: at,
  });
  if (!settled) return undefined;
  if (outcome.status === 'Succeeded') {
    if (!(await recordRefundSucceeded(tx, refund.paymentId, refund.amountMinor, at)))
      throw new Error(`refund ${refund.id}: its payment holds less than its amount pending`);
    await setCreditNote(tx, refund.id, await takeCreditNoteNumber(tx, refund.orgId), randomBytes(24).toString('base64url'));
  } else {
    await releaseRefundAmount(tx, refund.paymentId, refund.amountMinor, at);
  }
  const queued = await announceRefund(tx, refund.id, outcome.status === 'Succeeded' ? 'refund.succeeded' : 'refund.failed', at);
  return { queued };
}

/**
 * Settles a Pending refund someone other than its requester ended (the PSP's callback, the worker's verify), with its
 * audit entry `refund.settle` by `actor`, inside the caller's transaction; as settleRefund answers.
 */
export async function settleRefundAudited(
  tx: Database,
  clock: Clock,
  actor: AuditActor,
  refund: Pick<RefundRow, 'id' | 'orgId' | 'paymentId' | 'amountMinor' | 'reference'>,
  outcome: RefundOutcome,
): Promise<{ queued: boolean } | undefined> {
  const done = await settleRefund(tx, refund, outcome, clock.now());
  if (done)
    await recordAudit(tx, clock, actor, {
      action: 'refund.settle',
      targetType: 'refund',
      targetId: refund.reference,
      orgId: refund.orgId,
      changes: { status: { before: 'Pending', after: outcome.status } },
    });
  return done;
}
