import type { Database } from '../../db/client.ts';
import { StatementParams } from '../../db/statements.ts';
import type { AuditActor } from '../audit/audit-actor.ts';
import {
  newReceiptNumberPlaceholder,
  numbering,
  recordPaymentChanges,
  type ChangeSideWrite,
  type OrganisationDestinations,
  type PaymentChange,
  type PaymentStatus,
  type PspCause,
} from '../ledger/ledger.ts';
import {
  insertPaymentsSql,
  lateSuccessCtes,
  newPaymentRow,
  statusChangeCtes,
  type NewPayment,
  type PaymentRow,
  type PaymentToChange,
  type StatusUpdate,
} from './payments-repository.ts';
import { toPublicPayment } from './public-payment.ts';

/**
 * Moves the payment `current` was read as to a new status in ONE statement (atomic on its own; also inside a
 * caller's transaction): the row update with, for Success, the organisation's next receipt number, its history entry,
 * the roll-ups, the outbox rows (whose event shows the payment as updated) and `sideWrite`. Undefined, with nothing
 * written, when the payment changed since it was read (read it again). Call wakeDeliveryWorkers() once committed.
 */
export async function changePaymentStatus(
  db: Database,
  current: PaymentToChange,
  update: StatusUpdate,
  change: Pick<PaymentChange, 'cause' | 'actorUserId' | 'at'> & { auditActor?: AuditActor | undefined },
  sideWrite?: ChangeSideWrite,
): Promise<{ receiptNumber: string | null } | undefined> {
  // The receipt number is taken by the statement itself, so the event carries a placeholder the statement replaces.
  const numberPlaceholder = update.status === 'Success' ? newReceiptNumberPlaceholder() : undefined;
  const updated: PaymentRow = {
    ...current.payment,
    status: update.status,
    receiptNumber: numberPlaceholder ?? current.payment.receiptNumber,
    receiptToken: update.receiptToken ?? current.payment.receiptToken,
    paidAt: update.paidAt ?? current.payment.paidAt,
    cancelledAt: update.cancelledAt ?? current.payment.cancelledAt,
    cancelReason: update.cancelReason ?? current.payment.cancelReason,
    updatedAt: update.at,
  };
  const params = new StatementParams();
  const changedCtes = statusChangeCtes(current, update, numbering, params);
  const history = { actorSql: `${params.add(change.actorUserId)}::integer`, atSql: `${params.add(change.at)}::timestamptz` };
  const { rows } = await recordPaymentChanges<{ reference: string; receipt_number: string | null }>(
    db,
    {
      name: `payment_change_${update.status.toLowerCase()}`,
      changedCtes,
      move: { fromStatus: current.payment.status as PaymentStatus, toStatus: update.status, cause: change.cause },
      history,
      announcements: [{ org: current.org, payment: toPublicPayment(updated, current.baseUnit, current.gatewayName), at: change.at }],
      numberPlaceholder,
      sideWrite,
      auditActors: change.auditActor && { [current.payment.reference]: change.auditActor },
    },
    params,
  );
  const [row] = rows;
  return row && { receiptNumber: row.receipt_number };
}

/**
 * Records a PSP's success for a Cancelled payment in ONE statement (lateSuccessCtes): the flag and paid time, a
 * Cancelled → Cancelled history entry with cause `{cause}-after-cancel`, and `sideWrite`; no roll-up moves, no event.
 * False, with nothing written, when the payment changed since it was read or was already flagged.
 */
export async function recordSuccessAfterCancel(
  db: Database,
  current: PaymentToChange,
  change: { cause: PspCause; at: Date },
  sideWrite?: ChangeSideWrite,
): Promise<boolean> {
  const params = new StatementParams();
  const { rows } = await recordPaymentChanges(
    db,
    {
      name: 'payment_success_after_cancel',
      changedCtes: lateSuccessCtes(current, change.at, params),
      move: { fromStatus: 'Cancelled', toStatus: 'Cancelled', cause: `${change.cause}-after-cancel` },
      history: { actorSql: 'null::integer', atSql: `${params.add(change.at)}::timestamptz` },
      announcements: [],
      sideWrite,
    },
    params,
  );
  return rows.length > 0;
}

/**
 * A payment to create, with what its `payment.created` event needs: its organisation's destinations (and the
 * version of the settings they were read at) and its currency's base unit.
 */
export interface PaymentCreation {
  values: NewPayment;
  /** Its history's cause when not `created` (the API or console): `checkout`, made on the hosted checkout page. */
  cause?: 'checkout' | undefined;
  /** Who asked for it (the audit entry's actor), when the request is known. */
  auditActor?: AuditActor | undefined;
  org: OrganisationDestinations & { paymentSettingsVersion: number };
  baseUnit: number;
}

/** A created payment; `queued`: deliveries were written (wake the delivery workers once they are committed). */
export interface RecordedPayment {
  payment: PaymentRow;
  queued: boolean;
}

const CREATION = { fromStatus: null, toStatus: 'Pending', cause: 'created' } as const;

/**
 * Creates payments and records their creation — history, roll-ups, and the `payment.created` outbox rows for each
 * organisation's destinations — in ONE statement: atomic without a transaction, one round trip and one commit for all
 * of them. Each event body is built from the values being inserted; its payment id comes from the insert. Returns the
 * payments in the order given, as inserted (the values given, the defaults of a new payment and the id the database
 * assigned); undefined for one left out because its organisation's payment settings changed since they were read (read
 * them again and retry).
 */
export async function insertRecordedPayments(db: Database, creations: PaymentCreation[]): Promise<(RecordedPayment | undefined)[]> {
  const drafts = creations.map(({ values }) => newPaymentRow(values));
  const params = new StatementParams();
  // Per payment, as one JSON parameter (the text stays the same for any batch): the causes other than `created`.
  const causes = Object.fromEntries(creations.flatMap(({ values, cause }) => (cause ? [[values.reference, cause]] : [])));
  const causeSql = `coalesce(${params.add(JSON.stringify(causes))}::jsonb ->> changed.reference, 'created')::varchar`;
  const changed = insertPaymentsSql(
    creations.map(({ org }, index) => ({ payment: drafts[index]!, settingsVersion: org.paymentSettingsVersion })),
    params,
  );
  const { rows, queued } = await recordPaymentChanges<{ id: string | number; reference: string }>(
    db,
    {
      name: 'payment_create',
      changedCtes: `changed as (${changed})`,
      move: CREATION,
      // A new payment's history entry is by its creator, at its creation time: both are columns of the row.
      history: { actorSql: 'created_by', atSql: 'created_at', causeSql },
      auditActors: Object.fromEntries(creations.flatMap(({ values, auditActor }) => (auditActor ? [[values.reference, auditActor]] : []))),
      announcements: creations.map(({ values, org, baseUnit }, index) => ({
        org,
        payment: toPublicPayment(drafts[index]!, baseUnit),
        at: values.createdAt,
      })),
    },
    params,
  );
  const idByReference = new Map(rows.map((raw) => [raw.reference, Number(raw.id)]));
  return creations.map(({ values }, index) => {
    const id = idByReference.get(values.reference);
    return id === undefined ? undefined : { payment: { ...drafts[index]!, id }, queued: queued[index]! };
  });
}
