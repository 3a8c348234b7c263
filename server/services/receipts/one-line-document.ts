// What an invoice, a receipt and a credit note show between their heading and footer — one line and its totals —
// built once per kind and drawn by both the HTML and the PDF renderer, so the two never tell a different story.
import type { CreditNoteDocument } from './credit-notes.ts';
import type { ReceiptDocument } from './documents.ts';

/** The parties, details, line and totals of a one-line document, as plain text (renderers escape). */
export interface OneLineDocument {
  /** The customer's block and its label ("Billed to", "Refunded to" …). */
  party: { label: string; customer: { name: string; email: string; phone: string | null } };
  /** The Details list: label and value (rows without a value are left out). */
  details: [label: string, value: string | null][];
  description: string;
  /** A second line under the description (a refund's reason). */
  note?: string;
  amountText: string;
  /** The totals under the line: label and amount text; the last is the grand total. */
  totals: [label: string, amountText: string][];
}

/** An invoice's or a receipt's line: what was sold, for how much. */
export function receiptLayout(doc: ReceiptDocument): OneLineDocument {
  const isReceipt = doc.kind === 'receipt';
  return {
    party: { label: isReceipt ? 'Received from' : 'Billed to', customer: doc.customer },
    details: [
      [isReceipt ? 'Receipt number' : 'Invoice number', isReceipt ? doc.receiptNumber : doc.reference],
      ...(isReceipt ? ([['Payment reference', doc.reference]] as [string, string][]) : []),
      ['Issued', doc.issuedAt],
      ['Paid', doc.paidAt],
      ['Currency', doc.currency],
    ],
    description: doc.description,
    amountText: doc.amountText,
    totals: [
      ['Subtotal', doc.amountText],
      [isReceipt ? 'Amount paid' : 'Amount due', doc.amountText],
    ],
  };
}

/** A credit note's line: the refund of the payment, its reason, and what had been paid. */
export function creditNoteLayout(doc: CreditNoteDocument): OneLineDocument {
  return {
    party: { label: 'Refunded to', customer: doc.customer },
    details: [
      ['Credit note number', doc.creditNoteNumber],
      ['Refund reference', doc.refundReference],
      ['Payment reference', doc.paymentReference],
      ['Receipt number', doc.receiptNumber],
      ['Paid', doc.paidAt],
      ['Refunded', doc.issuedAt],
      ['Currency', doc.currency],
    ],
    description: `Refund of ${doc.description}`,
    note: `Reason: ${doc.reason}`,
    amountText: doc.amountText,
    totals: [
      ['Originally paid', doc.paidAmountText],
      ['Amount refunded', doc.amountText],
    ],
  };
}
