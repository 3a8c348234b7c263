// Receipts and invoices (customer pages and PDFs) and receipt numbering batches on the wire.
import { Type } from 'typebox';
import { DateTime, OrNull, SafeInteger } from './common.ts';

// Patterns are checked in the handlers so that anything malformed is a plain 404, never a 400.
export const InvoiceReferenceParams = Type.Object({ reference: Type.String({ description: 'PAY- followed by 16 characters' }) });
export const ReceiptTokenParams = Type.Object({ token: Type.String({ description: 'the receipt token from /payments/{id}/receipt' }) });
export const CreditNoteTokenParams = Type.Object({
  token: Type.String({ description: 'the credit note token from /refunds/{reference}/credit-note' }),
});

export const ReceiptBatch = Type.Object(
  {
    id: Type.Integer(),
    prefix: Type.String(),
    startNumber: Type.Integer(),
    endNumber: OrNull(Type.Integer({ description: 'null = unbounded' })),
    nextNumber: Type.Integer(),
    isActive: Type.Boolean(),
    createdAt: DateTime,
  },
  { $id: 'ReceiptBatch' },
);
/** A reference to the registered `ReceiptBatch` schema (the route plugin adds it once). */
export const ReceiptBatchRef = Type.Ref('ReceiptBatch');
export const ReceiptBatchList = Type.Array(ReceiptBatchRef);
export const CreateReceiptBatchBody = Type.Object(
  {
    prefix: Type.String({ minLength: 1, maxLength: 30 }),
    startNumber: Type.Optional(SafeInteger()),
    endNumber: Type.Optional(Type.Union([Type.Null(), SafeInteger()])),
  },
  { additionalProperties: false },
);
