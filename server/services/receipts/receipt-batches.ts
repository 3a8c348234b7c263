import type { Clock } from '../../clock.ts';
import { changesBetween, recordAudit, type AuditActor } from '../audit/audit-service.ts';
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
  actor: AuditActor,
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
  return db.transaction(async (tx) => {
    const batch = await insertBatch(tx, {
      orgId,
      prefix,
      startNumber: start,
      endNumber: end,
      nextNumber: start,
      isActive: false,
      createdAt: clock.now(),
    });
    const changes = changesBetween(null, { prefix, startNumber: start, endNumber: end });
    await recordAudit(tx, clock, actor, {
      action: 'receipt-batch.create',
      targetType: 'receipt-batch',
      targetId: batch.id,
      orgId,
      changes,
    });
    return batch;
  });
}

/** Makes a batch the organisation's only active one (an exhausted batch cannot be activated). */
export async function activateBatch(db: Database, clock: Clock, orgId: number, id: number, actor: AuditActor): Promise<ReceiptBatch> {
  return db.transaction(async (tx) => {
    const batch = await lockBatch(tx, orgId, id);
    if (!batch) throw notFound('Receipt batch not found.');
    if (batch.endNumber !== null && batch.nextNumber > batch.endNumber) throw badRequest('This batch is exhausted; create a new one.');
    const active = await setOnlyActiveBatch(tx, orgId, id);
    if (!active) throw notFound('Receipt batch not found.');
    const changes = changesBetween({ isActive: batch.isActive }, { isActive: true });
    await recordAudit(tx, clock, actor, { action: 'receipt-batch.activate', targetType: 'receipt-batch', targetId: id, orgId, changes });
    return active;
  });
}

/** Deletes a batch (numbers already issued stay on their receipts). */
export async function deleteBatch(db: Database, clock: Clock, orgId: number, id: number, actor: AuditActor): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await deleteBatchRow(tx, orgId, id))) throw notFound('Receipt batch not found.');
    await recordAudit(tx, clock, actor, { action: 'receipt-batch.delete', targetType: 'receipt-batch', targetId: id, orgId });
  });
}
