import { randomBytes } from 'node:crypto';
import type { Database } from '../../db/client.ts';
import { runStatement, StatementParams } from '../../db/statements.ts';
import { changeDeltas, rollupCtes } from '../dashboard/rollups.ts';
import { outboxCte, type ChangeDelivery, type OrganisationDestinations } from '../webhooks/deliveries-repository.ts';
import { DELIVERY_CHANNEL } from '../webhooks/delivery-wakeup.ts';
import { changeDeliveries } from '../webhooks/outbox.ts';
import {
  insertPaymentsSql,
  newPaymentRow,
  statusChangeCtes,
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

/** What a recording statement writes besides the change itself. */
interface StatementExtras {
  /** The stored body of each outbox row, over `o.body` and `changed` (outboxCte). */
  bodySql?: string;
  /** A CTE written with the change (see ChangeSideWrite). */
  sideWrite?: ChangeSideWrite;
}

/**
 * A row another table gets in the statement that changes a payment, only when the payment is changed — e.g. the log
 * of the PSP callback that made the change, so the two commit together. `cte` is a WITH list entry that writes it
 * `where exists (select 1 from changed)`; `name` identifies its text.
 */
export interface ChangeSideWrite {
  name: string;
  cte: (params: StatementParams) => string;
}

/**
 * The one statement that records payment changes (docs/decisions.md#payments): the payment_events history entries, the dashboard
 * roll-ups and the outbox rows, all reading the payments from `changed` — the INSERT that creates them or the UPDATE
 * that changes a status: `changedCtes` are the first entries of its WITH list, the last of them `changed`. One
 * statement, so no code path can change a payment and forget one of them, and each change costs one round trip. It
 * returns only the changed payments' ids, references and receipt numbers: the caller knows the rest of each row (it
 * wrote it), and a narrow result is less to send and decode. It notifies the delivery workers of other processes when
 * it queued deliveries (delivered by PostgreSQL only on commit). `history` says who made the change and when: SQL
 * expressions over `changed` or parameters.
 */
function recordingStatement(
  changedCtes: string,
  change: Pick<PaymentChange, 'fromStatus' | 'toStatus' | 'cause'>,
  history: { actorSql: string; atSql: string },
  deliveries: ChangeDelivery[],
  params: StatementParams,
  extras: StatementExtras = {},
): string {
  const events = `history as (
    insert into payment_events (payment_id, from_status, to_status, cause, actor_user_id, created_at)
    select id, ${params.add(change.fromStatus)}::varchar, ${params.add(change.toStatus)}::varchar, ${params.add(change.cause)}::varchar,
           ${history.actorSql}, ${history.atSql} from changed)`;
  const rollups = rollupCtes(changeDeltas(change), params);
  const outbox = deliveries.length > 0 ? `, ${outboxCte(deliveries, params, extras.bodySql)}` : '';
  const side = extras.sideWrite ? `, ${extras.sideWrite.cte(params)}` : '';
  const notify = deliveries.length > 0 ? `pg_notify('${DELIVERY_CHANNEL}', '') is null` : 'false';
  return `with ${changedCtes}, ${events}, ${rollups}${outbox}${side}
    select changed.id, changed.reference, changed.receipt_number, ${notify} as notified from changed`;
}

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
  change: Pick<PaymentChange, 'cause' | 'actorUserId' | 'at'>,
  sideWrite?: ChangeSideWrite,
): Promise<{ receiptNumber: string | null } | undefined> {
  const full = { ...change, fromStatus: current.payment.status as PaymentStatus, toStatus: update.status };
  // The receipt number is taken by the statement itself, so the event carries a placeholder the statement replaces
  // with it — random, so no text a customer wrote can match it.
  const numberPlaceholder = update.status === 'Success' ? `receipt-number-${randomBytes(12).toString('hex')}` : undefined;
  const updated: PaymentRow = {
    ...current.payment,
    status: update.status,
    receiptNumber: numberPlaceholder ?? current.payment.receiptNumber,
    receiptToken: update.receiptToken ?? current.payment.receiptToken,
    paidAt: update.paidAt ?? current.payment.paidAt,
    updatedAt: update.at,
  };
  const deliveries = changeDeliveries(current.org, full, toPublicPayment(updated, current.baseUnit, current.gatewayName));
  const params = new StatementParams();
  const changed = statusChangeCtes(current, update, params);
  const history = { actorSql: `${params.add(change.actorUserId)}::integer`, atSql: `${params.add(change.at)}::timestamptz` };
  const bodySql =
    numberPlaceholder && deliveries.length > 0
      ? `replace(o.body, ${params.add(JSON.stringify(numberPlaceholder))}, coalesce(to_json(changed.receipt_number)::text, 'null'))`
      : undefined;
  const text = recordingStatement(changed, full, history, deliveries, params, {
    ...(bodySql ? { bodySql } : {}),
    ...(sideWrite ? { sideWrite } : {}),
  });
  const name = `payment_change_${update.status.toLowerCase()}_${deliveries.length > 0 ? 'queued' : 'quiet'}${sideWrite ? `_${sideWrite.name}` : ''}`;
  const [row] = await runStatement<{ receipt_number: string | null }>(db, name, text, params);
  return row && { receiptNumber: row.receipt_number };
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
  const text = recordingStatement(`changed as (${changed})`, CREATION, { actorSql: 'created_by', atSql: 'created_at' }, deliveries, params);
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
