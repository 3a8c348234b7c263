import type { ReceiptDocument } from './documents.ts';
import { receiptLayout } from './one-line-document.ts';
import { drawHeader, drawLabel, drawOneLineBody, drawTable, drawTotal, finishPdf, startPdf } from './pdf-chrome.ts';

/**
 * The invoice or receipt as an A4 PDF; a receipt with succeeded refunds lists them and what was paid net. `logo` is
 * the png/jpeg bytes of an uploaded logo (remote logos are never fetched, so they are left out).
 */
export function renderDocumentPdf(doc: ReceiptDocument, logo: Buffer | null): Promise<Buffer> {
  const org = doc.organisation;
  const isReceipt = doc.kind === 'receipt';
  const sheet = startPdf({
    Title: `${doc.title} ${isReceipt && doc.receiptNumber ? doc.receiptNumber : doc.reference}`,
    Author: org.name,
    Subject: `${doc.kindLabel} ${doc.reference}`,
  });
  let y = drawHeader(sheet, org, logo, {
    title: doc.title,
    number: `${doc.kindLabel} ${isReceipt && doc.receiptNumber ? `No. ${doc.receiptNumber}` : doc.reference}`,
    statusClass: doc.status,
    statusLabel: doc.statusLabel,
  });
  y = drawOneLineBody(sheet, y, receiptLayout(doc));

  if (doc.refunds.length > 0 && doc.netPaidText) {
    drawLabel(sheet, 'Refunds', sheet.left, y);
    y = drawTable(
      sheet,
      y + 16,
      [
        { header: 'Credit note', share: 0.35 },
        { header: 'Date', share: 0.35 },
        { header: 'Amount', share: 0.3, align: 'right' },
      ],
      doc.refunds.map((refund) => [refund.creditNoteNumber ?? '—', refund.date, `− ${refund.amountText}`]),
    );
    y = drawTotal(sheet, y, 'Net paid', doc.netPaidText, true);
  }

  return finishPdf(sheet, org, y, doc.reference);
}
