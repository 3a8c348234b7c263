import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { sign } from '../../../isomorphic/signing.ts';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/client.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import { fetchAllowedTarget } from '../adapter/outbound-fetch.ts';
import type { TargetPolicy } from '../adapter/target-guard.ts';
import { open, seal } from '../crypto/secret-box.ts';
import { findPaymentByReference } from '../payments/payments-repository.ts';
import { isAllowedReturnUrl } from './sandbox-access.ts';
import * as rows from './sandbox-repository.ts';

export const SANDBOX_SIGNATURE_HEADER = 'X-Sandbox-Signature';

export interface SandboxContext {
  db: Database;
  clock: Clock;
  dataKey: Buffer;
  publicUrl: string;
  targets: TargetPolicy;
  log: FastifyBaseLogger;
}

export interface SandboxInit {
  amount: string;
  currency: string;
  reference: string;
  customerEmail?: string | undefined;
  callbackUrl?: string | undefined;
  notificationUrl?: string | undefined;
}

/** Public view of a sandbox transaction, as a PSP would answer. */
export function sandboxView(ctx: SandboxContext, row: rows.SandboxTransaction) {
  return {
    providerReference: row.providerReference,
    reference: row.reference,
    status: row.status,
    amount: row.amount,
    currency: row.currency,
    checkoutUrl: `${ctx.publicUrl}/api/sandbox-psp/pay/${row.providerReference}`,
  };
}

/** Starts a sandbox transaction (the PSP's init) for a merchant key the caller has checked. */
export async function startSandboxTransaction(ctx: SandboxContext, secret: string, input: SandboxInit) {
  if (!/^\d+(\.\d+)?$/.test(input.amount) || Number(input.amount) <= 0) throw badRequest('Sandbox PSP: amount must be a positive decimal.');
  if (input.callbackUrl && !(await isAllowedReturnUrl(ctx, input.reference, input.callbackUrl))) {
    throw badRequest(
      "Sandbox PSP: callbackUrl must be on this server or on a URL the payment's organisation registered (its callback or website URL).",
    );
  }
  const now = ctx.clock.now();
  const row = await rows.insertSandboxTransaction(ctx.db, {
    providerReference: `SBX-${randomBytes(6).toString('hex').toUpperCase()}`,
    reference: input.reference,
    amount: input.amount,
    currency: input.currency.toUpperCase(),
    customerEmail: input.customerEmail ?? null,
    callbackUrl: input.callbackUrl || null,
    notificationUrl: input.notificationUrl || null,
    secretSealed: seal(ctx.dataKey, secret),
    createdAt: now,
    updatedAt: now,
  });
  return sandboxView(ctx, row);
}

/** A transaction for the pay page. */
export async function getSandboxTransaction(ctx: SandboxContext, providerReference: string): Promise<rows.SandboxTransaction> {
  const row = await rows.findByProviderReference(ctx.db, providerReference);
  if (!row) throw notFound('Sandbox PSP: no such transaction.');
  return row;
}

export const SANDBOX_CANCELLED_NOTICE = 'The merchant cancelled this payment: it can no longer be paid.';

/**
 * Whether the merchant cancelled the payment this transaction is for: its pay page then offers nothing to press (the
 * sandbox stands in for a PSP that honours a merchant's cancel; docs/refunds.md#cancellation).
 */
export async function cancelledByMerchant(ctx: SandboxContext, row: rows.SandboxTransaction): Promise<boolean> {
  const payment = await findPaymentByReference(ctx.db, row.reference);
  return payment?.status === 'Cancelled';
}

/** The verify endpoint: status by merchant reference; only the merchant whose key started it may read it. */
export async function verifySandboxTransaction(ctx: SandboxContext, secret: string, reference: string) {
  const row = await rows.findByReference(ctx.db, reference);
  if (!row || open(ctx.dataKey, row.secretSealed) !== secret) throw notFound('Sandbox PSP: no such transaction.');
  return sandboxView(ctx, row);
}

/**
 * The payer pressed Pay or Fail: the transaction settles once and a webhook signed with the merchant's
 * key (HMAC-SHA256 hex of the raw body) goes to the notification URL. Returns where to send the payer.
 */
export async function settleSandboxPayment(
  ctx: SandboxContext,
  providerReference: string,
  outcome: 'success' | 'failed',
): Promise<{ row: rows.SandboxTransaction; redirectTo: string | null }> {
  const current = await getSandboxTransaction(ctx, providerReference);
  if (current.status !== 'pending') throw conflict(`Sandbox PSP: this payment is already ${current.status}.`);
  if (await cancelledByMerchant(ctx, current)) throw conflict(`Sandbox PSP: ${SANDBOX_CANCELLED_NOTICE}`);
  const row = (await rows.settleSandboxTransaction(ctx.db, current.id, outcome, ctx.clock.now())) ?? current;
  if (row.notificationUrl) await deliverSandboxWebhook(ctx, row);
  // Checked again here: the organisation's registered URLs may have changed since the transaction started.
  const redirectTo =
    row.callbackUrl && (await isAllowedReturnUrl(ctx, row.reference, row.callbackUrl))
      ? `${row.callbackUrl}${row.callbackUrl.includes('?') ? '&' : '?'}reference=${encodeURIComponent(row.reference)}&status=${row.status}`
      : null;
  return { row, redirectTo };
}

/** Minor units ending in 13 (0.13, 5.13 …): the Sandbox declines the refund, so failure paths can be tried. */
export const SANDBOX_REFUND_DECLINED = 'Sandbox: refund declined (magic amount ending in .13)';

/** How long after answering `pending` the Sandbox sends the signed callback that settles a refund ending in 19. */
export const SANDBOX_REFUND_CALLBACK_DELAY_MS = 300;

export interface SandboxRefundInput {
  transaction: string;
  amountMinor: number;
  reference: string;
}

/**
 * The refund endpoint: a paid transaction of the merchant whose key asks is refunded at once, unless the amount's
 * minor units end in 13 (SANDBOX_REFUND_DECLINED), 17 (answered `pending`: the refund completes later, as the status
 * lookup says) or 19 (answered `pending`, then completed by a signed `refund.succeeded` callback to the transaction's
 * notification URL a moment later). The sandbox keeps no refund ledger: Payrail's own reservation is what stops a
 * refund beyond the amount paid; here only one larger than the whole transaction is refused.
 */
export async function refundSandboxTransaction(ctx: SandboxContext, secret: string, input: SandboxRefundInput) {
  const row = await rows.findByReference(ctx.db, input.transaction);
  if (!row || open(ctx.dataKey, row.secretSealed) !== secret) throw notFound('Sandbox PSP: no such transaction.');
  if (row.status !== 'success') throw conflict(`Sandbox PSP: only a paid transaction can be refunded; this one is ${row.status}.`);
  if (input.amountMinor > Math.round(Number(row.amount) * 100)) throw badRequest('Sandbox PSP: the refund is larger than the transaction.');
  const declined = input.amountMinor % 100 === 13;
  const settledByCallback = input.amountMinor % 100 === 19;
  const pending = input.amountMinor % 100 === 17 || settledByCallback;
  const refundReference = `SBXR-${randomBytes(6).toString('hex').toUpperCase()}`;
  if (settledByCallback && row.notificationUrl) {
    const callback = {
      event: 'refund.succeeded',
      reference: input.reference,
      refundReference,
      transaction: row.providerReference,
      status: 'succeeded',
      amountMinor: input.amountMinor,
      currency: row.currency,
    };
    // Later, as a PSP settles a refund: after this answer has reached Payrail.
    setTimeout(() => void postSignedCallback(ctx, row, callback), SANDBOX_REFUND_CALLBACK_DELAY_MS).unref();
  }
  return {
    refundReference,
    transaction: row.providerReference,
    reference: input.reference,
    status: declined ? ('failed' as const) : pending ? ('pending' as const) : ('succeeded' as const),
    amountMinor: input.amountMinor,
    currency: row.currency,
    message: declined ? SANDBOX_REFUND_DECLINED : null,
  };
}

/**
 * The refund status lookup (a refund verify): with no refund ledger, every refund the sandbox accepted — the
 * `pending` ones of amounts ending in 17 included — has completed by the time it is asked, so a refund reference on a
 * transaction of the merchant whose key asks is `succeeded` (declined refunds were final in their first answer).
 */
export async function sandboxRefundStatus(ctx: SandboxContext, secret: string, transaction: string, refundReference: string) {
  const row = await rows.findByReference(ctx.db, transaction);
  if (!row || open(ctx.dataKey, row.secretSealed) !== secret) throw notFound('Sandbox PSP: no such transaction.');
  return { refundReference, transaction: row.providerReference, status: 'succeeded' as const };
}

function deliverSandboxWebhook(ctx: SandboxContext, row: rows.SandboxTransaction): Promise<void> {
  return postSignedCallback(ctx, row, {
    event: row.status === 'success' ? 'payment.completed' : 'payment.failed',
    reference: row.reference,
    providerReference: row.providerReference,
    status: row.status,
    amount: row.amount,
    currency: row.currency,
  });
}

/** POSTs a callback signed with the merchant's key to the transaction's notification URL; never throws. */
async function postSignedCallback(ctx: SandboxContext, row: rows.SandboxTransaction, callback: Record<string, unknown>): Promise<void> {
  const body = JSON.stringify(callback);
  const url = row.notificationUrl ?? '';
  try {
    const signature = await sign('sha256', open(ctx.dataKey, row.secretSealed), body);
    const response = await fetchAllowedTarget(
      url,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signature },
        body,
        signal: AbortSignal.timeout(15_000),
      },
      ctx.targets,
    );
    await response.arrayBuffer();
    await rows.recordWebhookStatus(ctx.db, row.id, response.status);
  } catch (error) {
    ctx.log.warn({ err: error, providerReference: row.providerReference }, 'Sandbox PSP webhook could not be delivered');
    // The database may be gone too (a server stopping while a refund's callback waited).
    await rows.recordWebhookStatus(ctx.db, row.id, 0).catch(() => undefined);
  }
}
