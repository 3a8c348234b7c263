import { PDFParse } from 'pdf-parse';
import { describe, expect, it } from 'vitest';
import type { ReceiptDocument } from '../../../../../server/services/receipts/documents.ts';
import { renderDocumentPdf } from '../../../../../server/services/receipts/render-pdf.ts';

/** The text of each page of a PDF. */
async function pages(bytes: Buffer): Promise<string[]> {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    return (await parser.getText()).pages.map((page) => page.text);
  } finally {
    await parser.destroy();
  }
}

function receipt(
  overrides: { customerName?: string; organisation?: Partial<ReceiptDocument['organisation']>; refunds?: ReceiptDocument['refunds'] } = {},
): ReceiptDocument {
  return {
    kind: 'receipt',
    title: 'Official Receipt',
    kindLabel: 'Receipt',
    reference: 'PAY-01JD5Q8Z7X9K3M2N',
    receiptNumber: 'AWW-000123',
    status: 'Success',
    statusLabel: 'Paid',
    currency: 'GHS',
    amount: '1234567.89',
    amountText: 'GHS 1,234,567.89',
    description: 'Water bill — October 2026',
    customer: { name: overrides.customerName ?? 'Ama Mensah', email: 'ama@example.com', phone: null },
    issuedAt: '25 Nov 2026, 11:02 UTC',
    paidAt: '25 Nov 2026, 11:05 UTC',
    refunds: overrides.refunds ?? [],
    netPaidText: overrides.refunds?.length ? 'GHS 1,234,467.89' : null,
    organisation: {
      name: 'Accra Water Works',
      email: 'billing@water.test',
      phone: null,
      websiteUrl: null,
      addressLines: ['12 Liberation Road', 'Accra'],
      taxId: 'C0001234567',
      registrationNumber: 'CS-42',
      footerNote: null,
      logoUrl: null,
      logoPosition: 'left',
      ...overrides.organisation,
    },
    htmlPath: '/receipts/token',
    pdfPath: '/receipts/token.pdf',
  };
}

describe('renderDocumentPdf', () => {
  it('prints letters beyond Windows-1252 as written, and drops control characters', async () => {
    const text = (await pages(await renderDocumentPdf(receipt({ customerName: 'Kwame Ɔfori\u0007 Ɛsi' }), null))).join('\n');
    expect(text).toContain('Kwame Ɔfori Ɛsi');
    expect(text).not.toContain('?');
  });

  it('keeps a footer that wraps on the one page', async () => {
    const longName = 'The Greater Accra Metropolitan Water, Sanitation and Sewerage Services Company Limited';
    const printed = await pages(await renderDocumentPdf(receipt({ organisation: { name: longName } }), null));
    expect(printed).toHaveLength(1);
    expect(printed[0]).toContain('Ref. PAY-01JD5Q8Z7X9K3M2N');
  });

  it('lists refunds and the net paid, with the footer still on the one page', async () => {
    const refunds = [1, 2, 3].map((n) => ({
      creditNoteNumber: `CN-AWW-00000${n}`,
      date: `2${n} Nov 2026, 09:00 UTC`,
      amountText: 'GHS 33.33',
    }));
    const printed = await pages(
      await renderDocumentPdf(receipt({ refunds, organisation: { footerNote: 'Refunds reach the original wallet in 5 days.' } }), null),
    );
    expect(printed).toHaveLength(1);
    for (const expected of [
      'REFUNDS',
      'CN-AWW-000001',
      'CN-AWW-000003',
      '− GHS 33.33',
      'Net paid',
      'GHS 1,234,467.89',
      'Ref. PAY-01JD5Q8Z7X9K3M2N',
    ])
      expect(printed[0]).toContain(expected);
  });
});
