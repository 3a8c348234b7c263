import { and, asc, count, desc, eq, getTableColumns, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { gateways, paymentAttempts, payments } from '../../db/schema.ts';

export type PaymentRow = typeof payments.$inferSelect;
export type PaymentInsert = typeof payments.$inferInsert;
export type AttemptRow = typeof paymentAttempts.$inferSelect;

/** Inserts a payment and returns it. */
export async function insertPayment(db: Database, values: PaymentInsert): Promise<PaymentRow> {
  const [row] = await db.insert(payments).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
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

export interface PaymentFilters {
  status?: 'Pending' | 'Success' | 'Failed' | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  search?: string | undefined;
}

function filterSql(orgId: number, filters: PaymentFilters): SQL | undefined {
  const conditions: SQL[] = [eq(payments.orgId, orgId)];
  if (filters.status) conditions.push(eq(payments.status, filters.status));
  if (filters.from) conditions.push(gte(payments.createdAt, filters.from));
  if (filters.to) conditions.push(lt(payments.createdAt, filters.to));
  const needle = filters.search?.trim();
  if (needle) {
    const pattern = `%${needle.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(
      sql`(${payments.reference} ilike ${pattern} or ${payments.customerName} ilike ${pattern} or ${payments.customerEmail} ilike ${pattern})`,
    );
  }
  return and(...conditions);
}

/** A listed payment with its gateway's name (null without a gateway, or when the gateway is gone). */
export type ListedPayment = PaymentRow & { gatewayName: string | null };

/**
 * One page of an organisation's payments, newest first, with their gateway names and the filtered total — in one
 * statement: the count is an uncorrelated sub-select, which PostgreSQL runs once (an InitPlan), and the gateway
 * names are a join. Only a page past the end (no rows to carry the total) needs a second statement.
 */
export async function listPayments(db: Database, orgId: number, filters: PaymentFilters, page: { limit: number; offset: number }) {
  const where = filterSql(orgId, filters);
  const rows = await db
    .select({
      ...getTableColumns(payments),
      gatewayName: gateways.name,
      total: sql<number>`(select count(*) from ${payments} where ${where})`.mapWith(Number),
    })
    .from(payments)
    .leftJoin(gateways, eq(gateways.id, payments.gatewayId))
    .where(where)
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(page.limit)
    .offset(page.offset);
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && page.offset > 0) {
    const [row] = await db.select({ total: count() }).from(payments).where(where);
    total = row?.total ?? 0;
  }
  const items: ListedPayment[] = rows.map(({ total: _total, ...item }) => item);
  return { items, total };
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
