import { and, asc, eq, sql } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/client.ts';
import { receiptBatches } from '../../db/schema.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';

export type ReceiptBatch = typeof receiptBatches.$inferSelect;

/** The organisation's batches, oldest first. */
export function listBatches(db: Database, orgId: number): Promise<ReceiptBatch[]> {
  return db.select().from(receiptBatches).where(eq(receiptBatches.orgId, orgId)).orderBy(asc(receiptBatches.id));
}

/**
 * Creates an inactive batch: prefix required, startNumber a whole number (default 1), endNumber empty
 * (unbounded) or ≥ startNumber; ranges of one prefix may not overlap, so receipt numbers stay unique.
 */
export async function createBatch(
  db: Database,
  clock: Clock,
  orgId: number,
  input: { prefix: string; startNumber?: number | undefined; endNumber?: number | null | undefined },
): Promise<ReceiptBatch> {
  const prefix = input.prefix.trim();
  if (!prefix) throw badRequest('Prefix is required.');
  if (/\s/.test(prefix)) throw badRequest('Prefix may not contain spaces.');
  const start = input.startNumber ?? 1;
  const end = input.endNumber ?? null;
  if (!Number.isSafeInteger(start) || start < 0) throw badRequest('Start number must be a whole number of 0 or more.');
  if (end !== null && (!Number.isSafeInteger(end) || end < start))
    throw badRequest('End number must be a whole number not below the start number.');
  const overlapping = await db
    .select({ id: receiptBatches.id })
    .from(receiptBatches)
    .where(
      and(
        eq(receiptBatches.orgId, orgId),
        eq(receiptBatches.prefix, prefix),
        sql`${receiptBatches.startNumber} <= ${end ?? Number.MAX_SAFE_INTEGER} and coalesce(${receiptBatches.endNumber}, ${Number.MAX_SAFE_INTEGER}) >= ${start}`,
      ),
    )
    .limit(1);
  if (overlapping.length > 0)
    throw conflict(`Another ${prefix} batch already covers part of this range; receipt numbers must stay unique.`);
  const [row] = await db
    .insert(receiptBatches)
    .values({ orgId, prefix, startNumber: start, endNumber: end, nextNumber: start, isActive: false, createdAt: clock.now() })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** Makes a batch the organisation's only active one (an exhausted batch cannot be activated). */
export async function activateBatch(db: Database, orgId: number, id: number): Promise<ReceiptBatch> {
  return db.transaction(async (tx) => {
    const [batch] = await tx
      .select()
      .from(receiptBatches)
      .where(and(eq(receiptBatches.orgId, orgId), eq(receiptBatches.id, id)))
      .for('update');
    if (!batch) throw notFound('Receipt batch not found.');
    if (batch.endNumber !== null && batch.nextNumber > batch.endNumber) throw badRequest('This batch is exhausted; create a new one.');
    await tx
      .update(receiptBatches)
      .set({ isActive: false })
      .where(and(eq(receiptBatches.orgId, orgId), eq(receiptBatches.isActive, true)));
    const [active] = await tx.update(receiptBatches).set({ isActive: true }).where(eq(receiptBatches.id, id)).returning();
    if (!active) throw notFound('Receipt batch not found.');
    return active;
  });
}

/** Deletes a batch (numbers already issued stay on their receipts). */
export async function deleteBatch(db: Database, orgId: number, id: number): Promise<void> {
  const rows = await db
    .delete(receiptBatches)
    .where(and(eq(receiptBatches.orgId, orgId), eq(receiptBatches.id, id)))
    .returning({ id: receiptBatches.id });
  if (rows.length === 0) throw notFound('Receipt batch not found.');
}
