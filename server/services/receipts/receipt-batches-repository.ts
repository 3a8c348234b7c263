import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { receiptBatches } from '../../db/schema.ts';

export type ReceiptBatch = typeof receiptBatches.$inferSelect;
export type ReceiptBatchInsert = typeof receiptBatches.$inferInsert;

/** The organisation's batches, oldest first. */
export function listBatches(db: Database, orgId: number): Promise<ReceiptBatch[]> {
  return db.select().from(receiptBatches).where(eq(receiptBatches.orgId, orgId)).orderBy(asc(receiptBatches.id));
}

/** Whether a batch of the organisation with this prefix covers part of start..end (end null: unbounded). */
export async function overlappingBatchExists(
  db: Database,
  orgId: number,
  prefix: string,
  start: number,
  end: number | null,
): Promise<boolean> {
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
  return overlapping.length > 0;
}

/** Inserts a batch and returns its row. */
export async function insertBatch(db: Database, values: ReceiptBatchInsert): Promise<ReceiptBatch> {
  const [row] = await db.insert(receiptBatches).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** Reads a batch of the organisation and locks it until the transaction `tx` ends. */
export async function lockBatch(tx: Database, orgId: number, id: number): Promise<ReceiptBatch | undefined> {
  const [batch] = await tx
    .select()
    .from(receiptBatches)
    .where(and(eq(receiptBatches.orgId, orgId), eq(receiptBatches.id, id)))
    .for('update');
  return batch;
}

/** Makes the batch the organisation's only active one; undefined when it is gone. Run it inside a transaction. */
export async function setOnlyActiveBatch(tx: Database, orgId: number, id: number): Promise<ReceiptBatch | undefined> {
  await tx
    .update(receiptBatches)
    .set({ isActive: false })
    .where(and(eq(receiptBatches.orgId, orgId), eq(receiptBatches.isActive, true)));
  const [active] = await tx.update(receiptBatches).set({ isActive: true }).where(eq(receiptBatches.id, id)).returning();
  return active;
}

/** Deletes a batch of the organisation; false when there was none. */
export async function deleteBatchRow(db: Database, orgId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(receiptBatches)
    .where(and(eq(receiptBatches.orgId, orgId), eq(receiptBatches.id, id)))
    .returning({ id: receiptBatches.id });
  return rows.length > 0;
}
