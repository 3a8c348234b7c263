import type { CreditNoteDocument } from './credit-notes.ts';
import { drawHeader, drawPartyAndDetails, drawTable, drawTotal, finishPdf, startPdf } from './pdf-chrome.ts';

/** The credit note of a succeeded refund as an A4 PDF, branded like the receipt. `logo`: png/jpeg bytes or null. */
export function renderCreditNotePdf(doc: CreditNoteDocument, logo: Buffer | null): Promise<Buffer> {
  const org = doc.organisation;
  const sheet = startPdf({
    Title: `${doc.title} ${doc.creditNoteNumber}`,
    Author: org.name,
    Subject: `Credit note ${doc.creditNoteNumber} for ${doc.paymentReference}`,
  });
  let y = drawHeader(sheet, org, logo, {
    title: doc.title,
    number: `Credit note No. ${doc.creditNoteNumber}`,
    statusClass: 'Refund',
    statusLabel: 'Refunded',
  });
  y =
    drawPartyAndDetails(sheet, y, { label: 'Refunded to', customer: doc.customer }, [
      ['Credit note number', doc.creditNoteNumber],
      ['Refund reference', doc.refundReference],
      ['Payment reference', doc.paymentReference],
      ['Receipt number', doc.receiptNumber],
      ['Paid', doc.paidAt],
      ['Refunded', doc.issuedAt],
      ['Currency', doc.currency],
    ]) + 24;
  y = drawTable(
    sheet,
    y,
    [
      { header: 'Description', share: 0.7 },
      { header: 'Amount', share: 0.3, align: 'right' },
    ],
    [[`Refund of ${doc.description}\nReason: ${doc.reason}`, doc.amountText]],
  );
  y = drawTotal(sheet, y, 'Originally paid', doc.paidAmountText);
  y = drawTotal(sheet, y, 'Amount refunded', doc.amountText, true);
  return finishPdf(sheet, org, y, doc.paymentReference);
}
