import type { Database } from '../../db/client.ts';
import type { AuditActor } from '../audit/audit-actor.ts';
import { conflict } from '../../errors.ts';
import { wakeDeliveryWorkers } from '../ledger/ledger.ts';
import { organisationPayment } from './organisation-payment.ts';
import { getPayment } from './payments-service.ts';
import type { PublicPayment } from './public-payment.ts';
import { markCancelled } from './transitions.ts';

export const ONLY_PENDING_CANCELLED = 'Only a pending payment can be cancelled.';

/** Who cancels and why: the user (null: the organisation's API token), the optional reason, when. */
export interface CancelRequest {
  actorUserId: number | null;
  reason?: string | undefined;
  now: Date;
  auditActor?: AuditActor | undefined;
}

/**
 * Cancels a Pending payment of the organisation through the ledger: Cancelled with cancelled_at and the reason (blank:
 * none), its history entry and audit entry, the roll-ups moved from Pending to Cancelled and `payment.cancelled`
 * queued, in one statement. Any other status is a 409 and changes nothing; another organisation's payment is not found.
 */
export async function cancelPayment(db: Database, orgId: number, reference: string, request: CancelRequest): Promise<PublicPayment> {
  const row = await organisationPayment(db, orgId, reference);
  const reason = request.reason?.trim() || null;
  const result = await markCancelled(db, row.id, 'cancel', request.now, {
    actorUserId: request.actorUserId,
    auditActor: request.auditActor,
    reason,
  });
  if (!result.changed) throw conflict(ONLY_PENDING_CANCELLED);
  wakeDeliveryWorkers();
  return getPayment(db, orgId, reference);
}
