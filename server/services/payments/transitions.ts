import { randomBytes } from 'node:crypto';
import type { Database } from '../../db/client.ts';
import type { AuditActor } from '../audit/audit-actor.ts';
import type { ChangeCause, ChangeSideWrite, PaymentStatus } from '../ledger/ledger.ts';
import { changePaymentStatus } from './payment-changes.ts';
import { numberingQueueOf } from './numbering-queue.ts';
import { paymentToChange, type PaymentToChange, type StatusUpdate } from './payments-repository.ts';

export type { PaymentStatus };
export type TransitionCause = Exclude<ChangeCause, 'created'>;

export interface TransitionResult {
  changed: boolean;
  status: PaymentStatus;
  receiptNumber: string | null;
}

export interface TransitionOptions {
  actorUserId?: number | null;
  /** Who made the change, for its audit entry (without it, the cause and user tell). */
  auditActor?: AuditActor | undefined;
  /** The payment as the caller already read it (paymentToChange): the first attempt writes from it. */
  current?: PaymentToChange;
  /** Written in the statement that makes the change, only when it does (see ChangeSideWrite). */
  sideWrite?: ChangeSideWrite;
}

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
  allowed: (status: PaymentStatus) => boolean,
  updateFor: () => StatusUpdate,
  cause: TransitionCause,
  options: TransitionOptions & { at: Date },
): Promise<TransitionResult> {
  for (let attempt = 1; ; attempt++) {
    const current = attempt === 1 && options.current ? options.current : await paymentToChange(db, paymentId);
    if (!current) throw new Error(`payment ${paymentId} not found`);
    const status = current.payment.status as PaymentStatus;
    if (!allowed(status)) return { changed: false, status, receiptNumber: current.payment.receiptNumber };
    const update = updateFor();
    const write = () =>
      changePaymentStatus(
        db,
        current,
        update,
        { cause, actorUserId: options.actorUserId ?? null, at: options.at, auditActor: options.auditActor },
        options.sideWrite,
      );
    // A Success takes the organisation's next receipt number: one such statement per organisation at a time.
    const made = update.status === 'Success' ? await numberingQueueOf(db).run(current.payment.orgId, write) : await write();
    if (made) return { changed: true, status: update.status, receiptNumber: made.receiptNumber };
    if (attempt === ATTEMPTS) throw new Error(`payment ${paymentId} kept changing while its status was being changed`);
  }
}

/** One status change: `allowed` says from which status it may happen, `fieldsAt` what it writes at `now`. */
function statusChange(allowed: (status: PaymentStatus) => boolean, fieldsAt: (now: Date) => StatusUpdate) {
  return (db: Database, paymentId: number, cause: TransitionCause, now: Date, options: TransitionOptions = {}): Promise<TransitionResult> =>
    transition(db, paymentId, allowed, () => fieldsAt(now), cause, { ...options, at: now });
}

/**
 * Pending or Failed → Success: takes the receipt number and an unguessable receipt token and records the cause, in one
 * statement (inside the caller's transaction when given one). Success is terminal: a second call changes nothing.
 */
export const markSuccess = statusChange(
  (status) => status !== 'Success',
  (now) => ({ status: 'Success', receiptToken: randomBytes(24).toString('base64url'), paidAt: now, at: now }),
);

/** Pending → Failed (a late failure never undoes a success). */
export const markFailed = statusChange(
  (status) => status === 'Pending',
  (now) => ({ status: 'Failed', at: now }),
);
