import type { CreditNoteDocument } from './credit-notes.ts';
import { escapeHtml, metaRow, renderDocumentPage, renderParty } from './render-html.ts';

/** The printable, branded credit note of a succeeded refund; every value is escaped and the page runs no scripts. */
export function renderCreditNoteHtml(doc: CreditNoteDocument): string {
  const body = `
  <section class="parties">
    ${renderParty('Refunded to', doc.customer)}
    <div>
      <p class="label">Details</p>
      <dl class="meta">
        ${metaRow('Credit note number', doc.creditNoteNumber)}
        ${metaRow('Refund reference', doc.refundReference)}
        ${metaRow('Payment reference', doc.paymentReference)}
        ${metaRow('Receipt number', doc.receiptNumber)}
        ${metaRow('Paid', doc.paidAt)}
        ${metaRow('Refunded', doc.issuedAt)}
        ${metaRow('Currency', doc.currency)}
      </dl>
    </div>
  </section>

  <table>
    <thead><tr><th>Description</th><th class="num">Amount</th></tr></thead>
    <tbody><tr><td>Refund of ${escapeHtml(doc.description)}<div class="reason">Reason: ${escapeHtml(doc.reason)}</div></td><td class="num">${escapeHtml(doc.amountText)}</td></tr></tbody>
  </table>
  <div class="totals">
    <div><span>Originally paid</span><span class="num">${escapeHtml(doc.paidAmountText)}</span></div>
    <div class="grand"><span>Amount refunded</span><span class="num">${escapeHtml(doc.amountText)}</span></div>
  </div>
`;
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
