import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/raw.ts';
import { runStatement, StatementParams } from '../../db/statements.ts';
import type { AuditActor } from '../audit/audit-actor.ts';
import { paymentAuditCte } from '../audit/audit-repository.ts';
import { insertDeliveries } from '../webhooks/deliveries-repository.ts';
import { DELIVERY_CHANNEL } from '../webhooks/delivery-wakeup.ts';
import {
  outbox,
  receiptNumbering,
  rollups,
  type EventPayment,
  type NumberingPart,
  type OrganisationDestinations,
  type RefundEvent,
} from './parts.ts';

export { wakeDeliveryWorkers } from '../webhooks/delivery-wakeup.ts';
export type { NumberingPart, OrganisationDestinations, RefundEvent };

export type PaymentStatus = 'Pending' | 'Success' | 'Failed' | 'Cancelled';
/** The causes of a PSP's answer: its callback, a verify call, or the reconcile job's verify. */
export type PspCause = 'webhook' | 'verify' | 'reconcile';
/**
 * Why a payment_events row was written. A creation is `created` (the API, or the console when it has an actor) or
 * `checkout` (the hosted checkout page); a Record URL payment is `created` followed by `record-url`; `cancel` is
 * Pending → Cancelled. A PSP success for a Cancelled payment does not change its status: its row is Cancelled →
 * Cancelled with the PSP's cause and `-after-cancel` (the payment is flagged for refund, docs/refunds.md#cancellation).
 */
export type ChangeCause = 'created' | 'checkout' | PspCause | 'mark-paid' | 'record-url' | 'cancel' | `${PspCause}-after-cancel`;

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
 * A row another table gets in the statement that changes a payment, only when the payment is changed — e.g. the log
 * of the PSP callback that made the change, so the two commit together. `cte` is a WITH list entry that writes it
 * `where exists (select 1 from changed)`; `name` identifies its text.
 */
export interface ChangeSideWrite {
  name: string;
  cte: (params: StatementParams) => string;
}

/** A changed payment to announce: its organisation's destinations, its wire shape, and when it changed. */
export interface Announcement {
  org: OrganisationDestinations;
  payment: EventPayment;
  at: Date;
}

/** What one recording statement records; the payments' own rows are written by `changedCtes`. */
export interface LedgerRecord {
  /** Names the statement, with whether it queued deliveries and its side write: the same name is the same text. */
  name: string;
  /** The first entries of the WITH list, the last of them `changed`: the INSERT or UPDATE of the payments' rows. */
  changedCtes: string;
  move: Pick<PaymentChange, 'fromStatus' | 'toStatus' | 'cause'>;
  /**
   * Who made the change and when: SQL expressions over `changed` or parameters; `causeSql` (default: the move's cause)
   * when the payments of one statement have different causes.
   */
  history: { actorSql: string; atSql: string; causeSql?: string | undefined };
  announcements: Announcement[];
  /** The text the announced payments carry for the receipt number the statement takes (newReceiptNumberPlaceholder). */
  numberPlaceholder?: string | undefined;
  sideWrite?: ChangeSideWrite | undefined;
  /**
   * Who made the change, per payment reference, when the caller knows more than the cause and user tell (the request's
   * address and user agent, the user's name); every change gets its audit entry either way.
   */
  auditActors?: Record<string, AuditActor> | undefined;
}

/** The receipt-numbering part, for the UPDATE of a payment that takes its organisation's next receipt number. */
export const numbering: NumberingPart = receiptNumbering;

/**
 * A placeholder for the receipt number a statement is about to take, for the event bodies written with it — random,
 * so no text a customer wrote can match it; the statement replaces it with the number.
 */
export function newReceiptNumberPlaceholder(): string {
  return `receipt-number-${randomBytes(12).toString('hex')}`;
}

/**
 * Runs the one statement that records payment changes (docs/decisions.md#payments): the payments' rows
 * (`changedCtes`), the payment_events history entries, their audit entries (docs/audit.md), the dashboard roll-ups and the outbox rows, all reading the
 * payments from `changed`. One statement, so no code path can change a payment and forget one of them, and each
 * change costs one round trip. It returns only the changed payments' ids, references and receipt numbers (the caller
 * knows the rest of each row: it wrote it), and per announcement whether it queued deliveries (wake the delivery
 * workers once committed: wakeDeliveryWorkers; other processes are notified by PostgreSQL on commit).
 */
export async function recordPaymentChanges<Row extends { reference: string }>(
  db: Database,
  record: LedgerRecord,
  params: StatementParams,
): Promise<{ rows: Row[]; queued: boolean[] }> {
  const deliveriesOf = record.announcements.map(({ org, payment, at }) => outbox.deliveries(org, { ...record.move, at }, payment));
  const deliveries = deliveriesOf.flat();
  const bodySql =
    record.numberPlaceholder && deliveries.length > 0
      ? `replace(o.body, ${params.add(JSON.stringify(record.numberPlaceholder))}, coalesce(to_json(changed.receipt_number)::text, 'null'))`
      : undefined;
  const { move, history, sideWrite } = record;
  const causeSql = history.causeSql ?? `${params.add(move.cause)}::varchar`;
  const fromStatusSql = `${params.add(move.fromStatus)}::varchar`;
  const events = `history as (
    insert into payment_events (payment_id, from_status, to_status, cause, actor_user_id, created_at)
    select id, ${fromStatusSql}, ${params.add(move.toStatus)}::varchar, ${causeSql}, ${history.actorSql}, ${history.atSql} from changed)`;
  const audit = paymentAuditCte(params, { ...history, causeSql, fromStatusSql }, record.auditActors ?? {});
  // A change that keeps the status (a success flagged on a Cancelled payment) moves nothing between roll-up rows.
  const rollupEntries = move.fromStatus === move.toStatus ? '' : `, ${rollups.changeCtes(move, params)}`;
  const outboxEntry = deliveries.length > 0 ? `, ${outbox.cte(deliveries, params, bodySql)}` : '';
  const side = sideWrite ? `, ${sideWrite.cte(params)}` : '';
  const notify = deliveries.length > 0 ? outbox.notifySql : 'false';
  const text = `with ${record.changedCtes}, ${events}, ${audit}${rollupEntries}${outboxEntry}${side}
    select changed.id, changed.reference, changed.receipt_number, ${notify} as notified from changed`;
  const name = `${record.name}_${deliveries.length > 0 ? 'queued' : 'quiet'}${sideWrite ? `_${sideWrite.name}` : ''}`;
  const rows = await runStatement<Row>(db, name, text, params);
  return { rows, queued: deliveriesOf.map((list) => list.length > 0) };
}

/**
 * Moves a payment's roll-up from the gateway it went through to `gatewayId` (the caller then sets the payment's
 * gateway). Locks the payment first, so a status change cannot slip between the read and the move. Run it inside a
 * transaction.
 */
export async function rollUpGatewayChange(tx: Database, paymentId: number, gatewayId: number | null): Promise<void> {
  const [row] = await queryRows<{ status: string; gateway_id: number }>(
    tx,
    sql`select status, coalesce(gateway_id, 0) as gateway_id from payments where id = ${paymentId} for update`,
  );
  if (!row) return;
  const from = Number(row.gateway_id);
  const to = gatewayId ?? 0;
  if (from === to) return;
  const params = new StatementParams();
  const text = `with changed as (select * from payments where id = ${params.add(paymentId)}), ${rollups.gatewayMoveCtes(row.status, from, to, params)} select 1`;
  await runStatement(tx, 'rollup_gateway_change', text, params);
}

/**
 * Records a succeeded refund's money (docs/refunds.md) in one statement: the amount moves from the payment's
 * refund_pending_minor to its refunded_minor, and is added to the refunded amount of the roll-up rows that count the
 * payment. Run it inside the transaction that marks the refund Succeeded. False when the payment holds less than
 * `amountMinor` pending (the refund was settled already): nothing changed.
 */
export async function recordRefundSucceeded(tx: Database, paymentId: number, amountMinor: number, at: Date): Promise<boolean> {
  const params = new StatementParams();
  const amount = params.add(amountMinor);
  const text = `with changed as (
      update payments set refund_pending_minor = refund_pending_minor - ${amount}::bigint,
                          refunded_minor = refunded_minor + ${amount}::bigint, updated_at = ${params.add(at)}
       where id = ${params.add(paymentId)} and refund_pending_minor >= ${amount}::bigint
      returning *),
    ${rollups.refundCtes(`${amount}`)}
    select changed.id from changed`;
  const rows = await runStatement<{ id: number }>(tx, 'record_refund_succeeded', text, params);
  return rows.length > 0;
}

/**
 * Queues the outbox rows of refund events (inside the caller's transaction) and has PostgreSQL notify the delivery
 * workers of other processes on commit. True when rows were queued: wake this process's workers once committed
 * (wakeDeliveryWorkers).
 */
export async function queueRefundEvents(tx: Database, org: OrganisationDestinations, events: RefundEvent[]): Promise<boolean> {
  const rows = events.flatMap((event) => outbox.refundDeliveries(org, event));
  if (rows.length === 0) return false;
  await insertDeliveries(tx, rows);
  await tx.execute(sql`select pg_notify(${DELIVERY_CHANNEL}, '')`);
  return true;
}
