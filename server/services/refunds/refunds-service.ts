import { fromMinorUnits, toMinorUnits } from '../../../isomorphic/money.ts';
import type { Database } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { badRequest, conflict, HttpError, notFound } from '../../errors.ts';
import { findGateway, type GatewayRow } from '../gateways/gateways-repository.ts';
import { SYSTEM_ACTOR, type AuditActor } from '../audit/audit-actor.ts';
import { recordAudit } from '../audit/audit-service.ts';
import { wakeDeliveryWorkers } from '../ledger/ledger.ts';
import {
  findPayment,
  findPaymentById,
  findPaymentByReference,
  reserveRefundAmount,
  type PaymentRow,
} from '../payments/payments-repository.ts';
import { newRefundReference } from '../payments/reference.ts';
import { toPublicRefund, type PublicRefund } from './public-refund.ts';
import { refundOutcomeOf, sendRefundToGateway, type RefundGatewayContext } from './refund-gateway.ts';
import { announceRefund, baseUnitOf, settleRefund } from './refund-settlement.ts';
import {
  findRefundByIdempotencyKey,
  findRefundByReference,
  insertRefund,
  listRefundsOfPayment,
  setRefundProviderReference,
  type RefundRow,
  type RefundView,
} from './refunds-repository.ts';

export type RefundContext = RefundGatewayContext & { publicUrl: string };

export interface RefundRequest {
  orgId: number;
  /** The console user who asked; null for the organisation's API token. */
  requestedBy: number | null;
  paymentReference: string;
  amount?: string | number | undefined;
  reason: string;
  idempotencyKey?: string | undefined;
  /** Who asked, for the audit trail (docs/audit.md); the worker when a job or test asks. */
  auditActor?: AuditActor | undefined;
}

/** What a refund request answered: the refund, and whether it is the replay of an earlier request with the same key. */
export interface RefundAnswer {
  refund: PublicRefund;
  replayed: boolean;
}

const MAX_IDEMPOTENCY_KEY = 255;

/** The gateway a refund goes through: the payment's, when its config has a `refund` operation. */
async function refundGatewayOf(db: Database, payment: PaymentRow): Promise<GatewayRow | undefined> {
  if (payment.gatewayId === null) return undefined;
  const gateway = (await findGateway(db, payment.orgId, payment.gatewayId)) ?? (await findGateway(db, null, payment.gatewayId));
  return gateway?.config.refund ? gateway : undefined;
}

/** The 409 for a payment that cannot take a refund of `amountMinor` now (as read now). */
function refusal(payment: PaymentRow, amountMinor: number | null, baseUnit: number): HttpError {
  if (payment.status !== 'Success') return conflict('Only a successful payment can be refunded.');
  const refundable = payment.amountMinor - payment.refundedMinor - payment.refundPendingMinor;
  if (refundable <= 0) return conflict('Nothing is left to refund on this payment.');
  if (amountMinor === null) return conflict('The payment changed while the refund was being made; please retry.');
  return conflict(`The amount is more than the ${fromMinorUnits(refundable, baseUnit)} ${payment.currency} still refundable.`);
}

/** The earlier answer to a repeated Idempotency-Key: the same refund, as it is now; 422 when the request differs. */
function replayOf(existing: RefundView, payment: PaymentRow, amountMinor: number | null, reason: string, baseUnit: number): RefundAnswer {
  const same =
    existing.paymentId === payment.id && existing.reason === reason && (amountMinor === null || amountMinor === existing.amountMinor);
  if (!same) throw new HttpError(422, 'This Idempotency-Key was already used with a different request body.');
  return { refund: toPublicRefund(existing, baseUnit), replayed: true };
}

/**
 * Refunds a Success payment, wholly (no amount: all that is still refundable) or in part (docs/refunds.md). The
 * amount is reserved on the payment and the refund inserted in one transaction (`refund.created` queued with it), so
 * concurrent requests never refund more than was paid; bad input or a refused request changes nothing. A payment whose
 * gateway has a `refund` operation is then refunded through it (Pending until the PSP settles it); any other is
 * recorded as refunded outside Payrail, Succeeded in the same transaction. The same Idempotency-Key again answers
 * with the refund it made.
 */
export async function createRefund(ctx: RefundContext, request: RefundRequest): Promise<RefundAnswer> {
  const key = request.idempotencyKey?.trim() || undefined;
  if (key && key.length > MAX_IDEMPOTENCY_KEY) throw badRequest(`Idempotency-Key must be at most ${MAX_IDEMPOTENCY_KEY} characters.`);
  const payment = await findPayment(ctx.db, request.orgId, request.paymentReference);
  if (!payment) throw notFound('Payment not found.');
  const baseUnit = await baseUnitOf(ctx.db, payment.currency);
  const reason = request.reason.trim();
  if (!reason) throw badRequest('A reason is required.');
  let amountMinor: number | null = null;
  if (request.amount !== undefined) {
    const parsed = toMinorUnits(request.amount, baseUnit, payment.currency);
    if (!parsed.ok) throw badRequest(parsed.error);
    amountMinor = parsed.minor;
  }
  if (key) {
    const existing = await findRefundByIdempotencyKey(ctx.db, request.orgId, key);
    if (existing) return replayOf(existing, payment, amountMinor, reason, baseUnit);
  }
  const gateway = await refundGatewayOf(ctx.db, payment);
  let created: { refund: RefundRow; queued: boolean };
  try {
    created = await ctx.db.transaction(async (tx) => {
      const now = ctx.clock.now();
      // Without an amount, everything still refundable as the payment is now (read under the reservation's lock).
      const current = amountMinor === null ? await findPaymentById(tx, payment.id) : payment;
      const amount = amountMinor ?? (current ? current.amountMinor - current.refundedMinor - current.refundPendingMinor : 0);
      if (amount <= 0 || !(await reserveRefundAmount(tx, payment.id, amount, now))) {
        const latest = (await findPaymentById(tx, payment.id)) ?? payment;
        throw refusal(latest, amountMinor, baseUnit);
      }
      const refund = await insertRefund(tx, {
        reference: newRefundReference(ctx.clock),
        paymentId: payment.id,
        orgId: payment.orgId,
        amountMinor: amount,
        currency: payment.currency,
        status: 'Pending',
        method: gateway ? 'gateway' : 'external',
        reason,
        requestedBy: request.requestedBy,
        idempotencyKey: key ?? null,
        createdAt: now,
        updatedAt: now,
      });
      await recordAudit(tx, ctx.clock, request.auditActor ?? SYSTEM_ACTOR, {
        action: 'refund.create',
        targetType: 'payment',
        targetId: payment.reference,
        orgId: payment.orgId,
        changes: {
          refund: { before: null, after: refund.reference },
          amountMinor: { before: null, after: amount },
          method: { before: null, after: refund.method },
          reason: { before: null, after: reason },
        },
      });
      let queued = await announceRefund(tx, refund.id, 'refund.created', now);
      if (!gateway) {
        const settled = await settleRefund(tx, refund, { status: 'Succeeded' }, now);
        queued = queued || Boolean(settled?.queued);
      }
      return { refund, queued };
    });
  } catch (error) {
    // A concurrent request with the same key made its refund first: answer with that one.
    if (key && isUniqueViolation(error)) {
      const existing = await findRefundByIdempotencyKey(ctx.db, request.orgId, key);
      if (existing) return replayOf(existing, payment, amountMinor, reason, baseUnit);
    }
    throw error;
  }
  if (created.queued) wakeDeliveryWorkers();
  if (gateway) await refundThroughGateway(ctx, gateway, payment, created.refund, baseUnit);
  const refund = await findRefundByReference(ctx.db, payment.orgId, created.refund.reference);
  if (!refund) throw new Error(`refund ${created.refund.reference} vanished`);
  return { refund: toPublicRefund(refund, baseUnit), replayed: false };
}

/** Asks the gateway to refund, and settles the refund by its synchronous answer (or leaves it Pending). */
async function refundThroughGateway(ctx: RefundContext, gateway: GatewayRow, payment: PaymentRow, refund: RefundRow, baseUnit: number) {
  const result = await sendRefundToGateway(ctx, gateway, payment, refund, baseUnit);
  const outcome = refundOutcomeOf(result);
  if (outcome.status === 'Pending') {
    if (outcome.providerReference) await setRefundProviderReference(ctx.db, refund.id, outcome.providerReference, ctx.clock.now());
    return;
  }
  const settled = await ctx.db.transaction((tx) => settleRefund(tx, refund, outcome, ctx.clock.now()));
  if (settled?.queued) wakeDeliveryWorkers();
}

/** A payment's refunds, newest first (orgId null: a superadmin reading any organisation's payment). */
export async function listRefunds(db: Database, orgId: number | null, paymentReference: string): Promise<{ items: PublicRefund[] }> {
  const payment = orgId === null ? await findPaymentByReference(db, paymentReference) : await findPayment(db, orgId, paymentReference);
  if (!payment) throw notFound('Payment not found.');
  const baseUnit = await baseUnitOf(db, payment.currency);
  return { items: (await listRefundsOfPayment(db, payment.id)).map((row) => toPublicRefund(row, baseUnit)) };
}

/** The public URL of a succeeded refund's credit note (orgId null: any organisation's, for a superadmin). */
export async function creditNoteLink(db: Database, orgId: number | null, reference: string, publicUrl: string): Promise<{ url: string }> {
  const refund = await findRefundByReference(db, orgId, reference);
  if (!refund) throw notFound('Refund not found.');
  if (refund.status !== 'Succeeded' || !refund.documentToken) throw badRequest('Credit notes exist only for succeeded refunds.');
  return { url: `${publicUrl}/credit-notes/${refund.documentToken}` };
}
