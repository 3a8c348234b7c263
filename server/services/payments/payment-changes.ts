import type { Database } from '../../db/client.ts';
import { runStatement, StatementParams } from '../../db/statements.ts';
import { changeDeltas, rollupCtes } from '../dashboard/rollups.ts';
import { outboxCte, type ChangeDelivery, type OrganisationDestinations } from '../webhooks/deliveries-repository.ts';
import { DELIVERY_CHANNEL } from '../webhooks/delivery-wakeup.ts';
import { changeDeliveries } from '../webhooks/outbox.ts';
import {
  insertPaymentsSql,
  newPaymentRow,
  paymentToChange,
  updateStatusSql,
  type NewPayment,
  type PaymentRow,
  type PaymentToChange,
  type StatusUpdate,
} from './payments-repository.ts';
import { toPublicPayment } from './public-payment.ts';

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
 * The one statement that records payment changes (DESIGN §5): the payment_events history entries, the dashboard
 * roll-ups and the outbox rows, all reading the payments from `changed` — the INSERT that creates them, the UPDATE that
 * changes a status, or a SELECT of a row already changed. One statement, so no code path can change a payment and
 * forget one of them, and each change costs one round trip. It returns only the changed payments' ids and
 * references: the caller knows the rest of each row (it wrote it), and a narrow result is less to send and decode. It
 * notifies the delivery workers of other processes when it queued deliveries (delivered by PostgreSQL only on commit).
 * `history` says who made the change and when: SQL expressions over `changed` or parameters.
 */
function recordingStatement(
  changed: string,
  change: Pick<PaymentChange, 'fromStatus' | 'toStatus' | 'cause'>,
  history: { actorSql: string; atSql: string },
  deliveries: ChangeDelivery[],
  params: StatementParams,
): string {
  const events = `history as (
    insert into payment_events (payment_id, from_status, to_status, cause, actor_user_id, created_at)
    select id, ${params.add(change.fromStatus)}::varchar, ${params.add(change.toStatus)}::varchar, ${params.add(change.cause)}::varchar,
           ${history.actorSql}, ${history.atSql} from changed)`;
  const rollups = rollupCtes(changeDeltas(change), params);
  const outbox = deliveries.length > 0 ? `, ${outboxCte(deliveries, params)}` : '';
  const notify = deliveries.length > 0 ? `pg_notify('${DELIVERY_CHANNEL}', '') is null` : 'false';
  return `with changed as (${changed}), ${events}, ${rollups}${outbox} select changed.id, changed.reference, ${notify} as notified from changed`;
}

/** Records a status change of one payment (its UPDATE, or a SELECT of a row already changed); text per kind and outbox. */
async function runChangeStatement(
  db: Database,
  change: Omit<PaymentChange, 'paymentId' | 'orgId'>,
  source: { kind: 'select'; paymentId: number } | { kind: 'update'; paymentId: number; update: StatusUpdate },
  deliveries: ChangeDelivery[],
): Promise<void> {
  const params = new StatementParams();
  const changed =
    source.kind === 'update'
      ? updateStatusSql(source.paymentId, source.update, params)
      : `select * from payments where id = ${params.add(source.paymentId)}`;
  const history = { actorSql: `${params.add(change.actorUserId)}::integer`, atSql: `${params.add(change.at)}::timestamptz` };
  const text = recordingStatement(changed, change, history, deliveries, params);
  const name = `payment_change_${source.kind}_${deliveries.length > 0 ? 'queued' : 'quiet'}`;
  await runStatement(db, name, text, params);
}

/**
 * Records a change already made to a stored payment's row, in the caller's transaction: reads what the outbox needs
 * (one query), then writes history, roll-ups and outbox (one statement). Status transitions use changePaymentStatus.
 */
export async function recordPaymentChange(tx: Database, change: PaymentChange): Promise<void> {
  const current = await paymentToChange(tx, change.paymentId, false);
  const deliveries = current
    ? changeDeliveries(current.org, change, toPublicPayment(current.payment, current.baseUnit, current.gatewayName))
    : [];
  await runChangeStatement(tx, change, { kind: 'select', paymentId: change.paymentId }, deliveries);
}

/**
 * Moves a payment locked with paymentToChange(…, true) to a new status: the row update, its history entry, the
 * roll-ups and the outbox rows (whose event shows the payment as updated) in ONE statement, in the caller's transaction.
 * Call wakeDeliveryWorkers() after the commit.
 */
export async function changePaymentStatus(
  tx: Database,
  locked: PaymentToChange,
  update: StatusUpdate,
  change: Pick<PaymentChange, 'cause' | 'actorUserId' | 'at'>,
): Promise<void> {
  const full = { ...change, fromStatus: locked.payment.status as PaymentStatus, toStatus: update.status };
  const updated: PaymentRow = {
    ...locked.payment,
    status: update.status,
    receiptNumber: update.receiptNumber ?? locked.payment.receiptNumber,
    receiptToken: update.receiptToken ?? locked.payment.receiptToken,
    paidAt: update.paidAt ?? locked.payment.paidAt,
    updatedAt: update.at,
  };
  const deliveries = changeDeliveries(locked.org, full, toPublicPayment(updated, locked.baseUnit, locked.gatewayName));
  await runChangeStatement(tx, full, { kind: 'update', paymentId: locked.payment.id, update }, deliveries);
}

/**
 * A payment to create, with what its `payment.created` event needs: its organisation's destinations (and the
 * version of the settings they were read at) and its currency's base unit.
 */
export interface PaymentCreation {
  values: NewPayment;
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
  const deliveriesOf = creations.map(({ values, org, baseUnit }, index) =>
    changeDeliveries(org, { ...CREATION, at: values.createdAt }, toPublicPayment(drafts[index]!, baseUnit)),
  );
  const deliveries = deliveriesOf.flat();
  const params = new StatementParams();
  const changed = insertPaymentsSql(
    creations.map(({ org }, index) => ({ payment: drafts[index]!, settingsVersion: org.paymentSettingsVersion })),
    params,
  );
  // A new payment's history entry is by its creator, at its creation time: both are columns of the row.
  const text = recordingStatement(changed, CREATION, { actorSql: 'created_by', atSql: 'created_at' }, deliveries, params);
  const rows = await runStatement<{ id: string | number; reference: string }>(
    db,
    `payment_create_${deliveries.length > 0 ? 'queued' : 'quiet'}`,
    text,
    params,
  );
  const idByReference = new Map(rows.map((raw) => [raw.reference, Number(raw.id)]));
  return creations.map(({ values }, index) => {
    const id = idByReference.get(values.reference);
    return id === undefined ? undefined : { payment: { ...drafts[index]!, id }, queued: deliveriesOf[index]!.length > 0 };
  });
}
