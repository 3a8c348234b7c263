// The refunds table's SQL (docs/refunds.md), and the credit note counters it numbers succeeded refunds from.
import { and, asc, desc, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/raw.ts';
import { gateways, payments, refunds, users } from '../../db/schema.ts';

export type RefundRow = typeof refunds.$inferSelect;
export type RefundInsert = typeof refunds.$inferInsert;
export type { RefundStatus } from '../../../isomorphic/schemas/refunds.ts';

/** A refund with what the API shows beside it: its payment's reference and the name of the user who asked. */
export type RefundView = RefundRow & { paymentReference: string; requestedByName: string | null };

const viewColumns = { refund: refunds, paymentReference: payments.reference, requestedByName: users.name };

function selectViews(db: Database) {
  return db
    .select(viewColumns)
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .leftJoin(users, eq(users.id, refunds.requestedBy));
}

const toView = (row: { refund: RefundRow; paymentReference: string; requestedByName: string | null }): RefundView => ({
  ...row.refund,
  paymentReference: row.paymentReference,
  requestedByName: row.requestedByName,
});

/** Inserts a refund (inside the transaction that reserved its amount). */
export async function insertRefund(tx: Database, values: RefundInsert): Promise<RefundRow> {
  const [row] = await tx.insert(refunds).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** The refund an organisation's Idempotency-Key created. */
export async function findRefundByIdempotencyKey(db: Database, orgId: number, key: string): Promise<RefundView | undefined> {
  const [row] = await selectViews(db)
    .where(and(eq(refunds.orgId, orgId), eq(refunds.idempotencyKey, key)))
    .limit(1);
  return row && toView(row);
}

/** A refund by reference, within an organisation (null: any organisation). */
export async function findRefundByReference(db: Database, orgId: number | null, reference: string): Promise<RefundView | undefined> {
  const [row] = await selectViews(db)
    .where(and(eq(refunds.reference, reference), orgId === null ? undefined : eq(refunds.orgId, orgId)))
    .limit(1);
  return row && toView(row);
}

/** A refund by id. */
export async function findRefundById(db: Database, id: number): Promise<RefundView | undefined> {
  const [row] = await selectViews(db).where(eq(refunds.id, id)).limit(1);
  return row && toView(row);
}

/** A refund by the id a provider gave it, among the refunds sent through that provider's gateways. */
export async function findRefundByProviderReference(
  db: Database,
  providerId: number,
  providerReference: string,
): Promise<RefundView | undefined> {
  const [row] = await selectViews(db)
    .innerJoin(gateways, eq(gateways.id, payments.gatewayId))
    .where(and(eq(refunds.providerReference, providerReference), eq(gateways.providerId, providerId)))
    .orderBy(desc(refunds.createdAt), desc(refunds.id))
    .limit(1);
  return row && toView(row);
}

/** A payment's Pending gateway refunds (of `amountMinor`, when given), oldest first: at most `limit`. */
export async function pendingGatewayRefundsOfPayment(
  db: Database,
  paymentReference: string,
  amountMinor: number | undefined,
  limit: number,
): Promise<RefundView[]> {
  const rows = await selectViews(db)
    .where(
      and(
        eq(payments.reference, paymentReference),
        eq(refunds.status, 'Pending'),
        eq(refunds.method, 'gateway'),
        amountMinor === undefined ? undefined : eq(refunds.amountMinor, amountMinor),
      ),
    )
    .orderBy(asc(refunds.createdAt), asc(refunds.id))
    .limit(limit);
  return rows.map(toView);
}

/** A payment's refunds, newest first. */
export async function listRefundsOfPayment(db: Database, paymentId: number): Promise<RefundView[]> {
  const rows = await selectViews(db).where(eq(refunds.paymentId, paymentId)).orderBy(desc(refunds.createdAt), desc(refunds.id));
  return rows.map(toView);
}

/**
 * Settles a Pending refund as Succeeded or Failed; undefined when it is no longer Pending (settled by another
 * caller: the one whose UPDATE won does the rest).
 */
export async function settleRefundRow(
  tx: Database,
  id: number,
  values: { status: 'Succeeded' | 'Failed'; providerReference?: string | null; failureReason?: string | null; completedAt: Date },
): Promise<RefundRow | undefined> {
  const [row] = await tx
    .update(refunds)
    .set({ ...values, updatedAt: values.completedAt })
    .where(and(eq(refunds.id, id), eq(refunds.status, 'Pending')))
    .returning();
  return row;
}

/**
 * Pending gateway refunds created before `createdBefore` and not looked at since `checkedBefore`, the longest
 * unchecked first (the worker settles them; docs/refunds.md#lifecycle).
 */
export function pendingGatewayRefunds(
  db: Database,
  window: { createdBefore: Date; checkedBefore: Date },
  limit: number,
): Promise<RefundRow[]> {
  return db
    .select()
    .from(refunds)
    .where(
      and(
        eq(refunds.status, 'Pending'),
        eq(refunds.method, 'gateway'),
        lt(refunds.createdAt, window.createdBefore),
        lt(refunds.updatedAt, window.checkedBefore),
      ),
    )
    .orderBy(asc(refunds.updatedAt), asc(refunds.id))
    .limit(limit);
}

/** Marks a Pending refund as looked at now, so the oldest unchecked ones do not starve the rest. */
export async function touchPendingRefund(db: Database, id: number, at: Date): Promise<void> {
  await db
    .update(refunds)
    .set({ updatedAt: at })
    .where(and(eq(refunds.id, id), eq(refunds.status, 'Pending')));
}

/** Gives a succeeded refund its credit note number and the token of its public document. */
export async function setCreditNote(tx: Database, id: number, creditNoteNumber: string, documentToken: string): Promise<void> {
  await tx.update(refunds).set({ creditNoteNumber, documentToken }).where(eq(refunds.id, id));
}

/** Records what the PSP called a refund it has not settled yet. */
export async function setRefundProviderReference(db: Database, id: number, providerReference: string, at: Date): Promise<void> {
  await db.update(refunds).set({ providerReference, updatedAt: at }).where(eq(refunds.id, id));
}

/**
 * Takes an organisation's next credit note number, `CN-<CODE>-000001` onwards (inside the transaction that makes the
 * refund Succeeded). The upsert locks the organisation's counter row until that transaction ends, so concurrent
 * refunds never share a number, and a rolled-back one gives its number back.
 */
export async function takeCreditNoteNumber(tx: Database, orgId: number): Promise<string> {
  const [row] = await queryRows<{ number: string }>(
    tx,
    sql`with taken as (
          insert into credit_note_sequences as s (org_id, next_number) values (${orgId}, 2)
          on conflict (org_id) do update set next_number = s.next_number + 1
          returning next_number - 1 as taken_number)
        -- lpad would cut a longer number short: past 999999 the number simply grows.
        select 'CN-' || o.code || '-' || case when taken.taken_number >= 1000000 then taken.taken_number::text
                                              else lpad(taken.taken_number::text, 6, '0') end as number
          from taken join organisations o on o.id = ${orgId}`,
  );
  if (!row) throw new Error(`organisation ${orgId} not found`);
  return row.number;
}

/** What a credit note or a receipt's "Refunds" section prints of a refund. */
export type DocumentRefundRow = Pick<
  typeof refunds.$inferSelect,
  | 'id'
  | 'reference'
  | 'paymentId'
  | 'orgId'
  | 'amountMinor'
  | 'currency'
  | 'status'
  | 'reason'
  | 'creditNoteNumber'
  | 'completedAt'
  | 'createdAt'
>;

const documentColumns = {
  id: refunds.id,
  reference: refunds.reference,
  paymentId: refunds.paymentId,
  orgId: refunds.orgId,
  amountMinor: refunds.amountMinor,
  currency: refunds.currency,
  status: refunds.status,
  reason: refunds.reason,
  creditNoteNumber: refunds.creditNoteNumber,
  completedAt: refunds.completedAt,
  createdAt: refunds.createdAt,
};

/** A refund by the unguessable token of its credit note (read-only: the refunds service owns writes). */
export async function findRefundByDocumentToken(db: Database, token: string): Promise<DocumentRefundRow | undefined> {
  const [row] = await db.select(documentColumns).from(refunds).where(eq(refunds.documentToken, token)).limit(1);
  return row;
}

/** The succeeded refunds of a payment, oldest first, as its receipt lists them. */
export function listSucceededRefunds(db: Database, paymentId: number): Promise<DocumentRefundRow[]> {
  return db
    .select(documentColumns)
    .from(refunds)
    .where(and(eq(refunds.paymentId, paymentId), eq(refunds.status, 'Succeeded')))
    .orderBy(asc(refunds.completedAt), asc(refunds.id));
}
