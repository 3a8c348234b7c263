import { randomBytes } from 'node:crypto';
import type { Database } from '../../db/client.ts';
import { changePaymentStatus, type ChangeCause, type PaymentStatus } from './payment-changes.ts';
import { lockPaymentAndNumberReceipt, paymentToChange } from './payments-repository.ts';

export type { PaymentStatus };
export type TransitionCause = Exclude<ChangeCause, 'created'>;

export interface TransitionResult {
  changed: boolean;
  status: PaymentStatus;
  receiptNumber: string | null;
}

/**
 * Pending or Failed → Success, inside the caller's transaction: assigns the receipt number and an
 * unguessable receipt token and records the cause. Success is terminal: a second call changes nothing.
 */
export async function markSuccess(
  tx: Database,
  paymentId: number,
  cause: TransitionCause,
  now: Date,
  actorUserId: number | null = null,
): Promise<TransitionResult> {
  const found = await lockPaymentAndNumberReceipt(tx, paymentId);
  if (!found) throw new Error(`payment ${paymentId} not found`);
  const { locked, receiptNumber } = found;
  const { payment } = locked;
  if (payment.status === 'Success') return { changed: false, status: 'Success', receiptNumber: payment.receiptNumber };
  if (receiptNumber === null) throw new Error(`organisation ${payment.orgId} vanished while numbering a receipt`);
  await changePaymentStatus(
    tx,
    locked,
    { status: 'Success', receiptNumber, receiptToken: randomBytes(24).toString('base64url'), paidAt: now, at: now },
    { cause, actorUserId, at: now },
  );
  return { changed: true, status: 'Success', receiptNumber };
}

/** Pending → Failed (a late failure never undoes a success). */
export async function markFailed(
  tx: Database,
  paymentId: number,
  cause: TransitionCause,
  now: Date,
  actorUserId: number | null = null,
): Promise<TransitionResult> {
  const locked = await paymentToChange(tx, paymentId, true);
  if (!locked) throw new Error(`payment ${paymentId} not found`);
  const { payment } = locked;
  if (payment.status !== 'Pending')
    return { changed: false, status: payment.status as PaymentStatus, receiptNumber: payment.receiptNumber };
  await changePaymentStatus(tx, locked, { status: 'Failed', at: now }, { cause, actorUserId, at: now });
  return { changed: true, status: 'Failed', receiptNumber: null };
}
