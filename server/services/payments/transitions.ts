import { randomBytes } from 'node:crypto';
import type { Database } from '../../db/client.ts';
import type { AuditActor } from '../audit/audit-actor.ts';
import type { ChangeCause, ChangeSideWrite, PaymentStatus, PspCause } from '../ledger/ledger.ts';
import { changePaymentStatus, recordSuccessAfterCancel } from './payment-changes.ts';
import { numberingQueueOf } from './numbering-queue.ts';
import { paymentToChange, type PaymentToChange, type StatusUpdate } from './payments-repository.ts';

export type { PaymentStatus };
export type TransitionCause = Exclude<ChangeCause, 'created' | `${PspCause}-after-cancel`>;

export interface TransitionResult {
  changed: boolean;
  status: PaymentStatus;
  receiptNumber: string | null;
  /** A PSP's success for a Cancelled payment was recorded now: it stays Cancelled, flagged for refund. */
  flaggedForRefund?: boolean;
}

export interface TransitionOptions {
  actorUserId?: number | null;
  /** Who made the change, for its audit entry (without it, the cause and user tell). */
  auditActor?: AuditActor | undefined;
  /** The payment as the caller already read it (paymentToChange): the first attempt writes from it. */
  current?: PaymentToChange;
  /** Written in the statement that makes the change, only when it does (see ChangeSideWrite). */
  sideWrite?: ChangeSideWrite;
  /** Instead of `sideWrite`, when a PSP's success is recorded for a Cancelled payment (markSuccess). */
  afterCancelSideWrite?: ChangeSideWrite;
}

const PSP_CAUSES: readonly string[] = ['webhook', 'verify', 'reconcile'] satisfies PspCause[];
const isPspCause = (cause: TransitionCause): cause is PspCause => PSP_CAUSES.includes(cause);

/** How often a transition reads the payment again when it changed between the read and the write. */
const ATTEMPTS = 5;

/**
 * Reads the payment and, when `allowed` from its status, changes it in one statement that checks the row is still as
 * read (changePaymentStatus): no lock is held between a read and a write, so one round trip holds the organisation's
 * receipt counter and roll-up rows, however long the caller takes. A payment changed in between is read again.
 */
async function transition(
  db: Database,
  paymentId: number,
  update: { allowed: (status: PaymentStatus) => boolean; fields: () => StatusUpdate; lateSuccess: boolean },
  cause: TransitionCause,
  options: TransitionOptions & { at: Date },
): Promise<TransitionResult> {
  const { allowed } = update;
  for (let attempt = 1; ; attempt++) {
    const current = attempt === 1 && options.current ? options.current : await paymentToChange(db, paymentId);
    if (!current) throw new Error(`payment ${paymentId} not found`);
    const status = current.payment.status as PaymentStatus;
    if (status === 'Cancelled' && update.lateSuccess && isPspCause(cause) && !current.payment.needsRefund) {
      // The customer paid at the PSP after the merchant cancelled: recorded and flagged, the status stays.
      const at = options.at;
      if (await recordSuccessAfterCancel(db, current, { cause, at }, options.afterCancelSideWrite))
        return { changed: false, status, receiptNumber: null, flaggedForRefund: true };
      if (attempt === ATTEMPTS) throw new Error(`payment ${paymentId} kept changing while its success was being recorded`);
      continue;
    }
    if (!allowed(status)) return { changed: false, status, receiptNumber: current.payment.receiptNumber };
    const fields = update.fields();
    const write = () =>
      changePaymentStatus(
        db,
        current,
        fields,
        { cause, actorUserId: options.actorUserId ?? null, at: options.at, auditActor: options.auditActor },
        options.sideWrite,
      );
    // A Success takes the organisation's next receipt number: one such statement per organisation at a time.
    const made = fields.status === 'Success' ? await numberingQueueOf(db).run(current.payment.orgId, write) : await write();
    if (made) return { changed: true, status: fields.status, receiptNumber: made.receiptNumber };
    if (attempt === ATTEMPTS) throw new Error(`payment ${paymentId} kept changing while its status was being changed`);
  }
}

/**
 * One status change: `allowed` says from which status it may happen, `fieldsAt` what it writes at `now`;
 * `lateSuccess`: a PSP's answer that, for a Cancelled payment, is recorded as a success after the cancel.
 */
function statusChange(allowed: (status: PaymentStatus) => boolean, fieldsAt: (now: Date) => StatusUpdate, lateSuccess = false) {
  return (db: Database, paymentId: number, cause: TransitionCause, now: Date, options: TransitionOptions = {}): Promise<TransitionResult> =>
    transition(db, paymentId, { allowed, fields: () => fieldsAt(now), lateSuccess }, cause, { ...options, at: now });
}

/**
 * Pending or Failed → Success: takes the receipt number and an unguessable receipt token and records the cause, in one
 * statement (inside the caller's transaction when given one). Success is terminal: a second call changes nothing. A
 * Cancelled payment never becomes Success: a PSP's success for it (webhook, verify, reconcile) is recorded and flags it
 * for refund (`flaggedForRefund`); mark as paid changes nothing.
 */
export const markSuccess = statusChange(
  (status) => status === 'Pending' || status === 'Failed',
  (now) => ({ status: 'Success', receiptToken: randomBytes(24).toString('base64url'), paidAt: now, at: now }),
  true,
);

/** Pending → Failed (a late failure never undoes a success or a cancel). */
export const markFailed = statusChange(
  (status) => status === 'Pending',
  (now) => ({ status: 'Failed', at: now }),
);

/** Pending → Cancelled, with when and why (`reason`, null: none given); anything else changes nothing (the caller answers 409). */
export function markCancelled(
  db: Database,
  paymentId: number,
  cause: TransitionCause,
  now: Date,
  options: TransitionOptions & { reason?: string | null } = {},
): Promise<TransitionResult> {
  const fields = (): StatusUpdate => ({ status: 'Cancelled', cancelledAt: now, cancelReason: options.reason ?? null, at: now });
  return transition(db, paymentId, { allowed: (status) => status === 'Pending', fields, lateSuccess: false }, cause, {
    ...options,
    at: now,
  });
}
