import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { refunds } from '../../db/schema.ts';

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
