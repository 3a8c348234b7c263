import { and, asc, count, eq, gt, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { rowFromDriver } from '../../db/raw.ts';
import type { NumberingPart, OrganisationDestinations } from '../ledger/ledger.ts';
import { jsonRecordsSql, runStatement, StatementParams } from '../../db/statements.ts';
import { paymentAttempts, payments } from '../../db/schema.ts';

export type PaymentRow = typeof payments.$inferSelect;
export type PaymentInsert = typeof payments.$inferInsert;
export type AttemptRow = typeof paymentAttempts.$inferSelect;

/** Inserts a payment and returns it. */
export async function insertPayment(db: Database, values: PaymentInsert): Promise<PaymentRow> {
  const [row] = await db.insert(payments).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** What a new payment is created with (the database fills id, status Pending and the rest). */
export type NewPayment = Pick<
  PaymentInsert,
  | 'reference'
  | 'orgId'
  | 'amountMinor'
  | 'currency'
  | 'customerName'
  | 'customerEmail'
  | 'customerPhone'
  | 'description'
  | 'metadata'
  | 'processViaGateway'
  | 'isBankPayment'
  | 'createdBy'
> & { createdAt: Date };

/**
 * A new payment's row as the INSERT of insertPaymentsSql stores it: the values given, the defaults of a new payment,
 * id 0 until the database assigns one.
 */
export function newPaymentRow(values: NewPayment): PaymentRow {
  return {
    id: 0,
    status: 'Pending',
    gatewayId: null,
    bankId: null,
    providerReference: null,
    receiptNumber: null,
    receiptToken: null,
    paidAt: null,
    refundedMinor: 0,
    refundPendingMinor: 0,
    cancelledAt: null,
    cancelReason: null,
    needsRefund: false,
    updatedAt: values.createdAt,
    ...values,
    customerPhone: values.customerPhone ?? null,
    metadata: values.metadata ?? null,
    processViaGateway: values.processViaGateway ?? false,
    isBankPayment: values.isBankPayment ?? false,
    createdBy: values.createdBy ?? null,
  };
}

/**
 * The INSERT of new payments (rows from newPaymentRow) returning their rows, for a statement that also records their
 * creation. Each payment is inserted only while its organisation's payment settings are still at the version they
 * were read at (the caller's check of currency and destinations still holds); the others are left out. The payments
 * travel as one JSON parameter (jsonRecordsSql), so the text is the same for one payment or fifty; ids follow the
 * order of `rows`.
 */
export function insertPaymentsSql(rows: { payment: PaymentRow; settingsVersion: number }[], params: StatementParams): string {
  const records = rows.map(({ payment, settingsVersion }) => ({
    reference: payment.reference,
    org_id: payment.orgId,
    amount_minor: payment.amountMinor,
    currency: payment.currency,
    customer_name: payment.customerName,
    customer_email: payment.customerEmail,
    customer_phone: payment.customerPhone,
    description: payment.description,
    metadata: payment.metadata,
    process_via_gateway: payment.processViaGateway,
    is_bank_payment: payment.isBankPayment,
    created_by: payment.createdBy,
    created_at: payment.createdAt,
    settings_version: settingsVersion,
  }));
  const relation = jsonRecordsSql(params, records, {
    reference: 'varchar',
    org_id: 'integer',
    amount_minor: 'bigint',
    currency: 'varchar',
    customer_name: 'varchar',
    customer_email: 'varchar',
    customer_phone: 'varchar',
    description: 'varchar',
    metadata: 'jsonb',
    process_via_gateway: 'boolean',
    is_bank_payment: 'boolean',
    created_by: 'integer',
    created_at: 'timestamptz',
    settings_version: 'integer',
  });
  return `insert into payments (reference, org_id, amount_minor, currency, customer_name, customer_email, customer_phone, description,
      metadata, process_via_gateway, is_bank_payment, created_by, created_at, updated_at)
    select i.reference, i.org_id, i.amount_minor, i.currency, i.customer_name, i.customer_email, i.customer_phone, i.description,
      i.metadata, i.process_via_gateway, i.is_bank_payment, i.created_by, i.created_at, i.created_at
    from ${relation} with ordinality as i
    join organisations o on o.id = i.org_id and o.payment_settings_version = i.settings_version
    order by i.ordinality
    returning *`;
}

/**
 * A payment's new status (a payment never goes back to Pending) and what comes with it (Success: a receipt token and
 * paid time; its receipt number is taken; Cancelled: when).
 */
export interface StatusUpdate {
  status: 'Success' | 'Failed' | 'Cancelled';
  receiptToken?: string;
  paidAt?: Date;
  cancelledAt?: Date;
  cancelReason?: string | null;
  at: Date;
}

/**
 * The CTEs (to open a WITH list) that change the status of the payment `current` was read as, ending in `changed`
 * (the updated row) — or in nothing when the row changed since it was read: `target` locks it only while its row
 * version is still `current.version`, so a change never rests on a stale read (within one transaction the version
 * stays, but nothing else can change the row there). A Success takes the organisation's next receipt number in the same
 * statement (`numbering`, the ledger's receipt-numbering part), only when the payment is changed.
 */
export function statusChangeCtes(
  current: PaymentToChange,
  update: StatusUpdate,
  numbering: NumberingPart,
  params: StatementParams,
): string {
  const target = `target as (
    select id, org_id from payments
     where id = ${params.add(current.payment.id)} and xmin = ${params.add(current.version)}::xid
     for update)`;
  const numbered = update.status === 'Success';
  const numberingCtes = numbered ? `, ${numbering.ctes('(select org_id from target)')}` : '';
  return `${target}${numberingCtes},
    changed as (
      update payments set status = ${params.add(update.status)},
        receipt_number = ${numbered ? `(${numbering.select})` : 'receipt_number'},
        receipt_token = coalesce(${params.add(update.receiptToken ?? null)}, receipt_token),
        paid_at = coalesce(${params.add(update.paidAt ?? null)}::timestamptz, paid_at),
        cancelled_at = coalesce(${params.add(update.cancelledAt ?? null)}::timestamptz, cancelled_at),
        cancel_reason = coalesce(${params.add(update.cancelReason ?? null)}::varchar, cancel_reason),
        updated_at = ${params.add(update.at)}::timestamptz
      where id = (select id from target)${numbered ? ' and exists (select 1 from from_batch union all select 1 from from_organisation)' : ''}
      returning *)`;
}

/**
 * The CTEs (to open a WITH list) recording a PSP's success for the Cancelled payment `current` was read as, ending in
 * `changed`: its status stays, it is flagged `needs_refund` (the customer paid for what was cancelled) and its paid
 * time is recorded; no receipt number or token (nothing was sold). Nothing when the row changed since it was read or is
 * already flagged, so a replayed success is a duplicate.
 */
export function lateSuccessCtes(current: PaymentToChange, at: Date, params: StatementParams): string {
  return `target as (
    select id from payments
     where id = ${params.add(current.payment.id)} and xmin = ${params.add(current.version)}::xid
       and status = 'Cancelled' and not needs_refund
     for update),
    changed as (
      update payments set needs_refund = true, paid_at = coalesce(paid_at, ${params.add(at)}::timestamptz),
        updated_at = ${params.add(at)}::timestamptz
      where id = (select id from target)
      returning *)`;
}

/**
 * A payment about to change status, with what recording the change needs: destinations, base unit, gateway name, and
 * its row version (PostgreSQL's xmin: a new one with every update of the row) for statusChangeCtes.
 */
export interface PaymentToChange {
  payment: PaymentRow;
  org: OrganisationDestinations;
  baseUnit: number;
  gatewayName: string | null;
  version: string;
}

type PaymentToChangeRaw = Record<string, unknown> & {
  row_version: string;
  base_unit: number | null;
  gateway_name: string | null;
  org_callback_url: string | null;
  org_notifier_url: string | null;
  org_auto_notify: boolean;
  org_callback_disabled_at: string | Date | null;
  org_notifier_disabled_at: string | Date | null;
};

const dateOrNull = (value: string | Date | null) => (value === null ? null : new Date(value));

/** The read of a payment to change (`p`, with `o`, `c` and `g` to add columns over), `where` over `p`. */
const paymentToChangeSelect = (extraColumns: string, where: string) => `select p.*, p.xmin::text as row_version, c.base_unit,
      g.name as gateway_name, o.callback_url as org_callback_url, o.notifier_url as org_notifier_url,
      o.auto_notify as org_auto_notify, o.callback_disabled_at as org_callback_disabled_at,
      o.notifier_disabled_at as org_notifier_disabled_at${extraColumns}
    from payments p
    join organisations o on o.id = p.org_id
    left join currencies c on c.code = p.currency
    left join gateways g on g.id = p.gateway_id
    where ${where}`;

function paymentToChangeFrom(raw: PaymentToChangeRaw): PaymentToChange {
  const payment = rowFromDriver(payments, raw);
  return {
    payment,
    org: {
      id: payment.orgId,
      callbackUrl: raw.org_callback_url,
      notifierUrl: raw.org_notifier_url,
      autoNotify: raw.org_auto_notify,
      callbackDisabledAt: dateOrNull(raw.org_callback_disabled_at),
      notifierDisabledAt: dateOrNull(raw.org_notifier_disabled_at),
    },
    baseUnit: raw.base_unit ?? 100,
    gatewayName: raw.gateway_name,
    version: raw.row_version,
  };
}

/**
 * A payment with its organisation's webhook destinations, its currency's base unit, its gateway's name and its row
 * version, in one prepared statement.
 */
export async function paymentToChange(db: Database, paymentId: number): Promise<PaymentToChange | undefined> {
  const params = new StatementParams();
  const text = paymentToChangeSelect('', `p.id = ${params.add(paymentId)}`);
  const [raw] = await runStatement<PaymentToChangeRaw>(db, 'payment_to_change', text, params);
  return raw && paymentToChangeFrom(raw);
}

/**
 * The same read by reference, with more columns (SQL over `p`, `o`, `c`, `g`, each `, expression as name`) returned
 * raw beside it; `name` identifies the statement (one per set of columns).
 */
export async function paymentToChangeByReference<Extra extends Record<string, unknown>>(
  db: Database,
  reference: string,
  statement: { name: string; extraColumns: string },
): Promise<{ current: PaymentToChange; extra: Extra } | undefined> {
  const params = new StatementParams();
  const text = paymentToChangeSelect(statement.extraColumns, `p.reference = ${params.add(reference)}`);
  const [raw] = await runStatement<PaymentToChangeRaw & Extra>(db, statement.name, text, params);
  return raw && { current: paymentToChangeFrom(raw), extra: raw };
}

/** A payment by reference within an organisation (another organisation's is simply not found). */
export async function findPayment(db: Database, orgId: number, reference: string): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.orgId, orgId), eq(payments.reference, reference)))
    .limit(1);
  return row;
}

/** A payment by id. */
export async function findPaymentById(db: Database, id: number): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.id, id)).limit(1);
  return row;
}

/** Updates gateway fields of a payment after orchestration. */
export async function setGatewayResult(
  db: Database,
  id: number,
  values: { gatewayId: number | null; providerReference: string | null; updatedAt: Date },
): Promise<void> {
  await db.update(payments).set(values).where(eq(payments.id, id));
}

/** Records one gateway attempt. */
async function insertAttempt(db: Database, values: typeof paymentAttempts.$inferInsert): Promise<void> {
  await db.insert(paymentAttempts).values(values);
}

/** Stores the outcome of one adapter `init` call (at a gateway, or a bank for bank checkout) on a payment. */
export function recordAttempt(
  db: Database,
  paymentId: number,
  target: { gatewayId: number | null; name: string },
  result: { outcome: string; httpStatus: number | null; durationMs: number; error: string | null; responseExcerpt: string | null },
  at: Date,
): Promise<void> {
  return insertAttempt(db, {
    paymentId,
    gatewayId: target.gatewayId,
    gatewayName: target.name.slice(0, 100),
    outcome: result.outcome,
    httpStatus: result.httpStatus,
    durationMs: result.durationMs,
    error: result.error?.slice(0, 1000) ?? null,
    responseExcerpt: result.responseExcerpt?.slice(0, 500) ?? null,
    createdAt: at,
  });
}

/** The attempts of a payment, oldest first. */
export function listAttempts(db: Database, paymentId: number): Promise<AttemptRow[]> {
  return db.select().from(paymentAttempts).where(eq(paymentAttempts.paymentId, paymentId)).orderBy(asc(paymentAttempts.id));
}

/** How many payments an organisation has (its history must never be deleted). */
export async function countOrganisationPayments(db: Database, orgId: number): Promise<number> {
  const [row] = await db.select({ total: count() }).from(payments).where(eq(payments.orgId, orgId));
  return row?.total ?? 0;
}

/** How many payments are held in a currency (their minor units depend on its base unit). */
export async function countPaymentsInCurrency(db: Database, currency: string): Promise<number> {
  const [row] = await db.select({ total: count() }).from(payments).where(eq(payments.currency, currency));
  return row?.total ?? 0;
}

/** A payment by its public reference, of any organisation. */
export async function findPaymentByReference(db: Database, reference: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.reference, reference)).limit(1);
  return row;
}

/** A payment by its receipt token. */
export async function findPaymentByReceiptToken(db: Database, token: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.receiptToken, token)).limit(1);
  return row;
}

/** Records the bank a customer chose for a bank payment and what the bank answered. */
export async function setBankChoice(
  db: Database,
  id: number,
  values: { bankId: number; providerReference: string | null; updatedAt: Date },
): Promise<void> {
  await db.update(payments).set(values).where(eq(payments.id, id));
}

/**
 * The oldest-touched Pending payments started at a gateway or bank, created between `createdAfter` and
 * `createdBefore` (what reconciliation asks the PSPs about) — and the Cancelled ones not yet flagged for refund: the
 * customer may still have paid at the PSP after the cancel.
 */
export function pendingPaymentsToReconcile(
  db: Database,
  window: { createdAfter: Date; createdBefore: Date },
  limit: number,
): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(
      and(
        or(eq(payments.status, 'Pending'), and(eq(payments.status, 'Cancelled'), eq(payments.needsRefund, false))),
        or(isNotNull(payments.gatewayId), isNotNull(payments.bankId)),
        lt(payments.createdAt, window.createdBefore),
        gt(payments.createdAt, window.createdAfter),
      ),
    )
    .orderBy(asc(payments.updatedAt))
    .limit(limit);
}

/** Marks a payment as looked at now (reconciliation takes the oldest-touched first). */
export async function touchPayment(db: Database, id: number, at: Date): Promise<void> {
  await db.update(payments).set({ updatedAt: at }).where(eq(payments.id, id));
}

/**
 * Reserves a refund's amount on a Success payment (docs/refunds.md): one guarded UPDATE, so however many requests run
 * at once, succeeded plus pending refunds never pass the amount paid (payments_refunded_check is the last word).
 * False when the payment is not Success or has less than `amountMinor` left to refund.
 */
export async function reserveRefundAmount(tx: Database, paymentId: number, amountMinor: number, at: Date): Promise<boolean> {
  const rows = await tx
    .update(payments)
    .set({ refundPendingMinor: sql`${payments.refundPendingMinor} + ${amountMinor}`, updatedAt: at })
    .where(
      and(
        eq(payments.id, paymentId),
        eq(payments.status, 'Success'),
        sql`${payments.refundedMinor} + ${payments.refundPendingMinor} + ${amountMinor} <= ${payments.amountMinor}`,
      ),
    )
    .returning({ id: payments.id });
  return rows.length > 0;
}

/** Gives back a failed refund's reservation. */
export async function releaseRefundAmount(tx: Database, paymentId: number, amountMinor: number, at: Date): Promise<void> {
  await tx
    .update(payments)
    .set({ refundPendingMinor: sql`${payments.refundPendingMinor} - ${amountMinor}`, updatedAt: at })
    .where(eq(payments.id, paymentId));
}
