import type { Database } from '../../db/client.ts';
import { paymentEvents } from '../../db/schema.ts';
import { enqueuePaymentEvent } from '../webhooks/outbox.ts';
import { rollUpPaymentChange } from '../dashboard/rollups.ts';

export type PaymentStatus = 'Pending' | 'Success' | 'Failed';
export type ChangeCause = 'created' | 'webhook' | 'verify' | 'mark-paid' | 'record-url' | 'reconcile';

export interface PaymentChange {
  paymentId: number;
  orgId: number;
  /** null when the payment was just created. */
  fromStatus: PaymentStatus | null;
  toStatus: PaymentStatus;
  cause: ChangeCause;
  actorUserId: number | null;
  at: Date;
}

/**
 * Everything that must happen in the same transaction as a payment's creation or status change
 * (DESIGN §5): the payment_events history entry, and the other records derived from payments.
 * One place, so no code path can change a payment and forget one of them.
 */
export async function recordPaymentChange(tx: Database, change: PaymentChange): Promise<void> {
  await tx.insert(paymentEvents).values({
    paymentId: change.paymentId,
    fromStatus: change.fromStatus,
    toStatus: change.toStatus,
    cause: change.cause,
    actorUserId: change.actorUserId,
    createdAt: change.at,
  });
  await enqueuePaymentEvent(tx, change);
  await rollUpPaymentChange(tx, change);
}
