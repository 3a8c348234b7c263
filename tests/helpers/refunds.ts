// Refund rows written straight into the database, for tests of what reads them (credit notes, receipts) without going
// through the refunds service.
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../server/db/client.ts';
import { payments, refunds } from '../../server/db/schema.ts';

let refundCounter = 0;

/** A refund row of a payment (by reference), Succeeded with a credit note by default; the payment's refunded amount follows. */
export async function insertRefund(
  db: Database,
  paymentReference: string,
  fields: {
    amountMinor: number;
    reason?: string;
    status?: 'Pending' | 'Succeeded' | 'Failed';
    creditNoteNumber?: string;
    completedAt?: Date;
  },
): Promise<{ reference: string; documentToken: string }> {
  const [payment] = await db.select().from(payments).where(eq(payments.reference, paymentReference)).limit(1);
  if (!payment) throw new Error(`no payment ${paymentReference}`);
  const status = fields.status ?? 'Succeeded';
  const succeeded = status === 'Succeeded';
  const reference = `RF-TEST${String(++refundCounter).padStart(11, '0')}`;
  const documentToken = randomBytes(24).toString('base64url');
  await db.insert(refunds).values({
    reference,
    paymentId: payment.id,
    orgId: payment.orgId,
    amountMinor: fields.amountMinor,
    currency: payment.currency,
    status,
    method: 'external',
    reason: fields.reason ?? 'Customer returned the goods',
    creditNoteNumber: succeeded ? (fields.creditNoteNumber ?? `CN-TEST-${String(refundCounter).padStart(6, '0')}`) : null,
    documentToken,
    completedAt: status === 'Pending' ? null : (fields.completedAt ?? new Date()),
  });
  if (succeeded) {
    await db
      .update(payments)
      .set({ refundedMinor: sql`${payments.refundedMinor} + ${fields.amountMinor}` })
      .where(eq(payments.id, payment.id));
  } else if (status === 'Pending') {
    await db
      .update(payments)
      .set({ refundPendingMinor: sql`${payments.refundPendingMinor} + ${fields.amountMinor}` })
      .where(eq(payments.id, payment.id));
  }
  return { reference, documentToken };
}
