import type { Database } from '../../db/client.ts';
import type { AuditActor } from '../audit/audit-actor.ts';
import { conflict, notFound } from '../../errors.ts';
import { wakeDeliveryWorkers } from '../ledger/ledger.ts';
import { getPayment } from './payments-service.ts';
import { findPayment } from './payments-repository.ts';
import type { PublicPayment } from './public-payment.ts';
import { markCancelled } from './transitions.ts';

export const ONLY_PENDING_CANCELLED = 'Only a pending payment can be cancelled.';

/**
 * Cancels a Pending payment of the organisation through the ledger: Cancelled with cancelled_at, its history entry by
 * `actorUserId` (null: the API token) and its audit entry, the roll-ups moved from Pending to Cancelled and `payment.cancelled` queued, in
 * one statement. Any other status is a 409 and changes nothing; another organisation's payment is not found.
 */
export async function cancelPayment(
  db: Database,
  orgId: number,
  reference: string,
  actorUserId: number | null,
  now: Date,
  auditActor?: AuditActor,
): Promise<PublicPayment> {
  const row = await findPayment(db, orgId, reference);
  if (!row) throw notFound('Payment not found.');
  const result = await markCancelled(db, row.id, 'cancel', now, { actorUserId, auditActor });
  if (!result.changed) throw conflict(ONLY_PENDING_CANCELLED);
  wakeDeliveryWorkers();
  return getPayment(db, orgId, reference);
}
