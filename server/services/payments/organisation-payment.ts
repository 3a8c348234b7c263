import type { Database } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import { findPayment, type PaymentRow } from './payments-repository.ts';

/** The organisation's payment by reference; any other organisation's (or none) is "Payment not found." (404). */
export async function organisationPayment(db: Database, orgId: number, reference: string): Promise<PaymentRow> {
  const payment = await findPayment(db, orgId, reference);
  if (!payment) throw notFound('Payment not found.');
  return payment;
}
