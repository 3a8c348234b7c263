import type { CreditNoteDocument } from './credit-notes.ts';
import { creditNoteLayout } from './one-line-document.ts';
import { renderDocumentPage, renderOneLineBody } from './render-html.ts';

/** The printable, branded credit note of a succeeded refund; every value is escaped and the page runs no scripts. */
export function renderCreditNoteHtml(doc: CreditNoteDocument): string {
  const body = renderOneLineBody(creditNoteLayout(doc));
  return renderDocumentPage(
    {
      pageTitle: `Credit note ${doc.creditNoteNumber} · ${doc.organisation.name}`,
      pdfPath: doc.pdfPath,
      organisation: doc.organisation,
      heading: { title: doc.title, number: `Credit note No. ${doc.creditNoteNumber}`, statusClass: 'Refund', statusLabel: 'Refunded' },
      footerReference: doc.paymentReference,
    },
    body,
  );
}
