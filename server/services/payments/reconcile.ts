import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/client.ts';
import type { TargetPolicy } from '../adapter/target-guard.ts';
import { verifyPaymentStatus } from './payment-verifier.ts';
import { pendingPaymentsToReconcile, touchPayment } from './payments-repository.ts';
import { markFailed, markSuccess } from './transitions.ts';

export interface ReconcileOptions {
  db: Database;
  clock: Clock;
  dataKey: Buffer;
  targets: TargetPolicy;
  /** Pending payments older than this are asked about. */
  afterMs: number;
  /** …but not older than this (abandoned checkouts are left alone). */
  maxAgeMs: number;
  batchSize: number;
  /** Told about a payment whose check failed unexpectedly (e.g. a stored gateway config the adapter cannot use). */
  onError?: (payment: { id: number; reference: string }, error: unknown) => void;
}

/**
 * Asks the PSP or bank (`verify`) about gateway and bank payments still Pending past the configured age (and Cancelled
 * ones not yet flagged for refund), and applies a final answer exactly as a webhook would. Returns how many payments
 * changed or were flagged for refund.
 */
export async function reconcilePending(options: ReconcileOptions): Promise<number> {
  const now = options.clock.now().getTime();
  const candidates = await pendingPaymentsToReconcile(
    options.db,
    { createdAfter: new Date(now - options.maxAgeMs), createdBefore: new Date(now - options.afterMs) },
    options.batchSize,
  );
  let changed = 0;
  for (const payment of candidates) {
    // One payment that cannot be checked must not stop the batch: it is reported, touched and skipped.
    const result = await verifyPaymentStatus(options, payment).catch((error: unknown) => {
      options.onError?.({ id: payment.id, reference: payment.reference }, error);
      return undefined;
    });
    // Touch it either way, so the oldest unanswered payments do not starve the rest.
    await touchPayment(options.db, payment.id, options.clock.now());
    if (!result || result.outcome !== 'ok' || !result.mappedStatus || result.mappedStatus === 'pending') continue;
    const at = options.clock.now();
    const transition =
      result.mappedStatus === 'success'
        ? await markSuccess(options.db, payment.id, 'reconcile', at)
        : await markFailed(options.db, payment.id, 'reconcile', at);
    if (transition.changed || transition.flaggedForRefund) changed++;
  }
  return changed;
}
