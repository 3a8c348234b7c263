import type { Static } from 'typebox';
import type { Wire } from '../../../isomorphic/schemas/common.ts';
import type { CreateReceiptBatchBody, ReceiptBatch as ReceiptBatchSchema } from '../../../isomorphic/schemas/receipts.ts';
import { apiDelete, apiGet, apiPatch, apiPost } from './client.ts';
import type { MessageResponse } from './types.ts';

/** A receipt numbering batch of the caller's organisation (docs/console.md#entities); `endNumber` null means unbounded. */
export type ReceiptBatch = Wire<Static<typeof ReceiptBatchSchema>>;

/** What creating a batch sends: the server defaults startNumber to 1 and treats a null endNumber as unbounded. */
export type ReceiptBatchInput = Static<typeof CreateReceiptBatchBody>;

/** The caller's organisation's receipt batches. */
export function listBatches(): Promise<ReceiptBatch[]> {
  return apiGet<ReceiptBatch[]>('/receipt-batches');
}

/**
 * Creates an (inactive) batch; 409 when its range overlaps another batch of the same prefix.
 * An unbounded end is sent by leaving endNumber out: the server's type coercion reads a JSON null
 * in that integer-or-null field as 0 and then refuses the batch.
 */
export function createBatch(input: ReceiptBatchInput): Promise<ReceiptBatch> {
  const { endNumber, ...rest } = input;
  return apiPost<ReceiptBatch>('/receipt-batches', endNumber === null || endNumber === undefined ? rest : { ...rest, endNumber });
}

/** Makes a batch the active one (the server deactivates the others). */
export function activateBatch(id: number): Promise<ReceiptBatch> {
  return apiPatch<ReceiptBatch>(`/receipt-batches/${id}/activate`);
}

/** Deletes a batch. */
export function deleteBatch(id: number): Promise<MessageResponse> {
  return apiDelete<MessageResponse>(`/receipt-batches/${id}`);
}
