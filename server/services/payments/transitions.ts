import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/raw.ts';
import { payments } from '../../db/schema.ts';
import { takeReceiptNumber } from '../receipts/receipt-numbering.ts';
import { recordPaymentChange, type ChangeCause, type PaymentStatus } from './payment-changes.ts';

export type { PaymentStatus };
export type TransitionCause = Exclude<ChangeCause, 'created'>;

export interface TransitionResult {
  changed: boolean;
  status: PaymentStatus;
  receiptNumber: string | null;
}

type LockedPayment = {
  id: number;
  org_id: number;
  status: PaymentStatus;
  receipt_number: string | null;
};

async function lockPayment(tx: Database, paymentId: number): Promise<LockedPayment | undefined> {
  const [row] = await queryRows<LockedPayment>(
    tx,
    sql`select id, org_id, status, receipt_number from payments where id = ${paymentId} for update`,
  );
  return row;
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
  const payment = await lockPayment(tx, paymentId);
  if (!payment) throw new Error(`payment ${paymentId} not found`);
  if (payment.status === 'Success') return { changed: false, status: 'Success', receiptNumber: payment.receipt_number };
  const receiptNumber = await takeReceiptNumber(tx, payment.org_id);
  await tx
    .update(payments)
    .set({ status: 'Success', receiptNumber, receiptToken: randomBytes(24).toString('base64url'), paidAt: now, updatedAt: now })
    .where(eq(payments.id, paymentId));
  await recordPaymentChange(tx, {
    paymentId,
    orgId: payment.org_id,
    fromStatus: payment.status,
    toStatus: 'Success',
    cause,
    actorUserId,
    at: now,
  });
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
  const payment = await lockPayment(tx, paymentId);
  if (!payment) throw new Error(`payment ${paymentId} not found`);
  if (payment.status !== 'Pending') return { changed: false, status: payment.status, receiptNumber: payment.receipt_number };
  await tx.update(payments).set({ status: 'Failed', updatedAt: now }).where(eq(payments.id, paymentId));
  await recordPaymentChange(tx, {
    paymentId,
    orgId: payment.org_id,
    fromStatus: 'Pending',
    toStatus: 'Failed',
    cause,
    actorUserId,
    at: now,
  });
  return { changed: true, status: 'Failed', receiptNumber: null };
}
