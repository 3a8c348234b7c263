import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/client.ts';
import type { TargetPolicy } from '../adapter/target-guard.ts';
import { WORKER_ACTOR } from '../audit/audit-actor.ts';
import { findGateway } from '../gateways/gateways-repository.ts';
import { wakeDeliveryWorkers } from '../ledger/ledger.ts';
import { findPaymentById } from '../payments/payments-repository.ts';
import { verifiedRefundOutcome, verifyRefundAtGateway } from './refund-gateway.ts';
import { baseUnitOf, settleRefundAudited, type RefundOutcome } from './refund-settlement.ts';
import { pendingGatewayRefunds, touchPendingRefund, type RefundRow } from './refunds-repository.ts';

export interface PendingRefundOptions {
  db: Database;
  clock: Clock;
  dataKey: Buffer;
  targets: TargetPolicy;
  /** Pending refunds younger than this are left to their synchronous answer (and the PSP's own pace). */
  afterMs: number;
  /** A refund asked about less than this long ago waits for the next round. */
  recheckMs: number;
  /** Without a refund verify, a refund Pending this long fails and gives its reservation back. */
  maxPendingMs: number;
  batchSize: number;
  /** Told about a refund whose check failed unexpectedly (e.g. a stored gateway config the adapter cannot use). */
  onError?: (refund: { id: number; reference: string }, error: unknown) => void;
}

/** The failure reason of a refund no PSP answer settled within the limit (docs/refunds.md#lifecycle). */
export function noAnswerReason(maxPendingMs: number): string {
  return `No answer from the gateway within ${Math.round(maxPendingMs / 3_600_000)} h: check the PSP dashboard`;
}

/**
 * Settles gateway refunds left Pending (docs/refunds.md#lifecycle): asks the PSP through the refund block's `verify`
 * when the gateway has one and settles a final answer; without a verify it can ask, fails a refund Pending past the
 * limit so its reservation is released. Inconclusive answers leave the refund Pending. Returns how many refunds were settled.
 */
export async function settlePendingRefunds(options: PendingRefundOptions): Promise<number> {
  const now = options.clock.now().getTime();
  const candidates = await pendingGatewayRefunds(
    options.db,
    { createdBefore: new Date(now - options.afterMs), checkedBefore: new Date(now - options.recheckMs) },
    options.batchSize,
  );
  let settled = 0;
  for (const refund of candidates) {
    // One refund that cannot be checked must not stop the batch: it is reported, touched and skipped.
    const outcome = await outcomeOf(options, refund).catch((error: unknown) => {
      options.onError?.({ id: refund.id, reference: refund.reference }, error);
      return undefined;
    });
    if (!outcome) {
      await touchPendingRefund(options.db, refund.id, options.clock.now());
      continue;
    }
    const result = await options.db.transaction((tx) => settleRefundAudited(tx, options.clock, WORKER_ACTOR, refund, outcome));
    if (!result) continue;
    settled++;
    if (result.queued) wakeDeliveryWorkers();
  }
  return settled;
}

/**
 * The verify's final answer; else, when it cannot be asked (no refund verify, or one that names the PSP's refund id
 * the refund never got) and the refund is Pending past the limit, Failed; else undefined (stays Pending).
 */
async function outcomeOf(options: PendingRefundOptions, refund: RefundRow): Promise<RefundOutcome | undefined> {
  const payment = await findPaymentById(options.db, refund.paymentId);
  // The organisation's own gateway, or a shared one (orgId null), as the payment verify finds it.
  const gateway =
    payment?.gatewayId == null
      ? undefined
      : ((await findGateway(options.db, payment.orgId, payment.gatewayId)) ?? (await findGateway(options.db, null, payment.gatewayId)));
  const verify = gateway?.config.refund?.verify;
  const askable = verify && (refund.providerReference || !JSON.stringify(verify).includes('{refund.providerReference}'));
  if (payment && gateway && askable) {
    const baseUnit = await baseUnitOf(options.db, refund.currency);
    return verifiedRefundOutcome(await verifyRefundAtGateway(options, gateway, payment, refund, baseUnit));
  }
  const pendingMs = options.clock.now().getTime() - refund.createdAt.getTime();
  if (pendingMs < options.maxPendingMs) return undefined;
  return { status: 'Failed', failureReason: noAnswerReason(options.maxPendingMs) };
}
