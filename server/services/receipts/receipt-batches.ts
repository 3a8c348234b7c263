import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/client.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import {
  deleteBatchRow,
  insertBatch,
  listBatches,
  lockBatch,
  overlappingBatchExists,
  setOnlyActiveBatch,
  type ReceiptBatch,
} from './receipt-batches-repository.ts';

export { listBatches, type ReceiptBatch };

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
  if (await overlappingBatchExists(db, orgId, prefix, start, end))
    throw conflict(`Another ${prefix} batch already covers part of this range; receipt numbers must stay unique.`);
  return insertBatch(db, { orgId, prefix, startNumber: start, endNumber: end, nextNumber: start, isActive: false, createdAt: clock.now() });
}

/** Makes a batch the organisation's only active one (an exhausted batch cannot be activated). */
export async function activateBatch(db: Database, orgId: number, id: number): Promise<ReceiptBatch> {
  return db.transaction(async (tx) => {
    const batch = await lockBatch(tx, orgId, id);
    if (!batch) throw notFound('Receipt batch not found.');
    if (batch.endNumber !== null && batch.nextNumber > batch.endNumber) throw badRequest('This batch is exhausted; create a new one.');
    const active = await setOnlyActiveBatch(tx, orgId, id);
    if (!active) throw notFound('Receipt batch not found.');
    return active;
  });
}

/** Deletes a batch (numbers already issued stay on their receipts). */
export async function deleteBatch(db: Database, orgId: number, id: number): Promise<void> {
  if (!(await deleteBatchRow(db, orgId, id))) throw notFound('Receipt batch not found.');
}
