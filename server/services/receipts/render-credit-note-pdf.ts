import type { CreditNoteDocument } from './credit-notes.ts';
import { creditNoteLayout } from './one-line-document.ts';
import { drawHeader, drawOneLineBody, finishPdf, startPdf } from './pdf-chrome.ts';

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
  y = drawOneLineBody(sheet, y, creditNoteLayout(doc));
  return finishPdf(sheet, org, y, doc.paymentReference);
}
