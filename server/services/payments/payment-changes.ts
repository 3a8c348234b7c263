import type { Database } from '../../db/client.ts';
import { rowFromDriver } from '../../db/raw.ts';
import { payments } from '../../db/schema.ts';
import { runStatement, StatementParams } from '../../db/statements.ts';
import { changeDeltas, rollupCtes } from '../dashboard/rollups.ts';
import { outboxCte, type ChangeDelivery, type OrganisationDestinations } from '../webhooks/deliveries-repository.ts';
import { DELIVERY_CHANNEL } from '../webhooks/delivery-wakeup.ts';
import { changeDeliveries } from '../webhooks/outbox.ts';
import {
  insertPaymentSql,
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
 * The one statement that records a payment change (DESIGN §5): the payment_events history entry, the dashboard
 * roll-ups and the outbox rows, all reading the payment from `changed` — the INSERT that creates it, the UPDATE that
 * changes its status, or a SELECT of a row already changed. One statement, so no code path can change a payment and
 * forget one of them, and each change costs one round trip. It notifies the delivery workers of other processes when
 * it queued deliveries (delivered by PostgreSQL only on commit). Its text depends only on the source, the kind of
 * change and the outbox row count.
 */
async function runChangeStatement(
  db: Database,
  change: Omit<PaymentChange, 'paymentId' | 'orgId'>,
  source:
    | { kind: 'insert'; values: NewPayment }
    | { kind: 'select'; paymentId: number }
    | { kind: 'update'; paymentId: number; update: StatusUpdate },
  deliveries: ChangeDelivery[],
): Promise<Record<string, unknown> | undefined> {
  const params = new StatementParams();
  const changed =
    source.kind === 'insert'
      ? insertPaymentSql(source.values, params)
      : source.kind === 'update'
        ? updateStatusSql(source.paymentId, source.update, params)
        : `select * from payments where id = ${params.add(source.paymentId)}`;
  const history = `history as (
    insert into payment_events (payment_id, from_status, to_status, cause, actor_user_id, created_at)
    select id, ${params.add(change.fromStatus)}::varchar, ${params.add(change.toStatus)}::varchar, ${params.add(change.cause)}::varchar,
           ${params.add(change.actorUserId)}::integer, ${params.add(change.at)}::timestamptz from changed)`;
  const rollups = rollupCtes(changeDeltas(change), params);
  const outbox = deliveries.length > 0 ? `, ${outboxCte(deliveries, params)}` : '';
  const notify = deliveries.length > 0 ? `pg_notify('${DELIVERY_CHANNEL}', '') is null` : 'false';
  const text = `with changed as (${changed}), ${history}, ${rollups}${outbox} select changed.*, ${notify} as notified from changed`;
  const name = `payment_change_${source.kind}_${change.fromStatus === null ? 'new' : 'status'}_${deliveries.length}`;
  const [row] = await runStatement<Record<string, unknown>>(db, name, text, params);
  return row;
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
 * Creates a payment and records its creation — history, roll-ups, and the `payment.created` outbox rows for the
 * organisation's destinations — in ONE statement: atomic without a transaction, one round trip. The event body is
 * built from the values being inserted; its payment id comes from the insert. `queued`: deliveries were written (wake
 * the delivery workers once they are committed).
 */
export async function insertRecordedPayment(
  db: Database,
  values: NewPayment,
  org: OrganisationDestinations,
  baseUnit: number,
): Promise<{ payment: PaymentRow; queued: boolean }> {
  const change = {
    fromStatus: null,
    toStatus: 'Pending',
    cause: 'created',
    actorUserId: values.createdBy ?? null,
    at: values.createdAt,
  } as const;
  const draft: PaymentRow = {
    id: 0,
    status: 'Pending',
    gatewayId: null,
    bankId: null,
    providerReference: null,
    receiptNumber: null,
    receiptToken: null,
    paidAt: null,
    updatedAt: values.createdAt,
    ...values,
    customerPhone: values.customerPhone ?? null,
    metadata: values.metadata ?? null,
    processViaGateway: values.processViaGateway ?? false,
    isBankPayment: values.isBankPayment ?? false,
    createdBy: values.createdBy ?? null,
  };
  const deliveries = changeDeliveries(org, change, toPublicPayment(draft, baseUnit));
  const raw = await runChangeStatement(db, change, { kind: 'insert', values }, deliveries);
  if (!raw) throw new Error('insert returned no row');
  return { payment: rowFromDriver(payments, raw), queued: deliveries.length > 0 };
}
