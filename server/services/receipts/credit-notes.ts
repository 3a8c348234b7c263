import type { Database } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import { fromMinorUnits } from '../../../isomorphic/money.ts';
import { findOrganisation } from '../organisations/organisations-repository.ts';
import { findPaymentById } from '../payments/payments-repository.ts';
import { findRefundByDocumentToken } from '../refunds/refunds-repository.ts';
import {
  RECEIPT_TOKEN_PATTERN,
  baseUnitOfCurrency,
  documentOrganisation,
  formatAmountText,
  formatDocumentDate,
  type DocumentOrganisation,
} from './documents.ts';

const NOT_FOUND = 'Credit note not found.';

/** Everything the credit note of a succeeded refund shows, already formatted for people (values unescaped). */
export interface CreditNoteDocument {
  title: string;
  /** The credit note's own number, e.g. "CN-AWW-000001". */
  creditNoteNumber: string;
  refundReference: string;
  /** The original payment: its reference and its receipt number. */
  paymentReference: string;
  receiptNumber: string | null;
  currency: string;
  /** The refunded amount: decimal in major units ("25.00") and for people ("GHS 25.00"). */
  amount: string;
  amountText: string;
  /** What the customer originally paid, "GHS 100.00". */
  paidAmountText: string;
  reason: string;
  /** When the refund succeeded. */
  issuedAt: string;
  paidAt: string | null;
  description: string;
  customer: { name: string; email: string; phone: string | null };
  organisation: DocumentOrganisation;
  htmlPath: string;
  pdfPath: string;
}

/** The credit note of a succeeded refund, by its unguessable token; 404 when unknown or the refund has not succeeded. */
export async function loadCreditNote(db: Database, token: string): Promise<CreditNoteDocument> {
  if (!RECEIPT_TOKEN_PATTERN.test(token)) throw notFound(NOT_FOUND);
  const refund = await findRefundByDocumentToken(db, token);
  // A Pending or Failed refund sent nothing back: it has no credit note to show, whatever its token.
  if (!refund || refund.status !== 'Succeeded' || !refund.creditNoteNumber) throw notFound(NOT_FOUND);
  const [payment, organisation] = await Promise.all([findPaymentById(db, refund.paymentId), findOrganisation(db, refund.orgId)]);
  if (!payment || !organisation) throw notFound(NOT_FOUND);
  const baseUnit = await baseUnitOfCurrency(db, refund.currency);
  const phone = payment.customerPhone?.trim();
  return {
    title: 'Credit Note',
    creditNoteNumber: refund.creditNoteNumber,
    refundReference: refund.reference,
    paymentReference: payment.reference,
    receiptNumber: payment.receiptNumber,
    currency: refund.currency,
    amount: fromMinorUnits(refund.amountMinor, baseUnit),
    amountText: formatAmountText(refund.amountMinor, refund.currency, baseUnit),
    paidAmountText: formatAmountText(payment.amountMinor, payment.currency, baseUnit),
    reason: refund.reason,
    issuedAt: formatDocumentDate(refund.completedAt ?? refund.createdAt),
    paidAt: payment.paidAt ? formatDocumentDate(payment.paidAt) : null,
    description: payment.description,
    customer: { name: payment.customerName, email: payment.customerEmail, phone: phone ? phone : null },
    organisation: documentOrganisation(organisation),
    htmlPath: `/credit-notes/${token}`,
    pdfPath: `/credit-notes/${token}.pdf`,
  };
}
