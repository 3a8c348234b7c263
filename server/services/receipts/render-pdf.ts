import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type PdfKit from 'pdfkit';
import { lazyModule } from '../../lazy-module.ts';
import type { ReceiptDocument } from './documents.ts';

const pdfkit = lazyModule<typeof PdfKit>('pdfkit');

const ACCENT = '#1f3a5f';
const INK = '#111827';
const MUTED = '#6b7280';
const LINE = '#e5e7eb';
const SOFT = '#f3f4f6';
const STATUS_COLOURS = {
  Success: { fill: '#dcfce7', text: '#166534' },
  Pending: { fill: '#fef3c7', text: '#92400e' },
  Failed: { fill: '#fee2e2', text: '#991b1b' },
} as const;

// DejaVu Sans Condensed, embedded (pdfkit writes only the glyphs a document uses): the PDF standard fonts cover
// Windows-1252 only, so names such as Ɔsei or Ɛfua (Akan), Łukasz, Ελένη or Ольга printed with question marks. The
// condensed cut is about as wide as Helvetica, which the layout's columns were drawn for.
const REGULAR = 'DejaVuSansCondensed';
const BOLD = 'DejaVuSansCondensed-Bold';
const fontPath = (file: string) => createRequire(import.meta.url).resolve(`dejavu-fonts-ttf/ttf/${file}`);
// pdfkit (0.17 and later) takes a font fontkit has already parsed; @types/pdfkit lists only files and bytes.
type ParsedFont = Buffer;
const fontkit = lazyModule<{ create(data: Uint8Array): unknown }>('fontkit');
let parsedFonts: { regular: ParsedFont; bold: ParsedFont } | undefined;
/**
 * The fonts, parsed on the first PDF (the server starts without them) and kept: fontkit decodes each table of a font
 * object once, and a document that parsed its own pair spent ~30 ms on it.
 */
const fonts = () =>
  (parsedFonts ??= {
    regular: fontkit().create(readFileSync(fontPath(`${REGULAR}.ttf`))) as ParsedFont,
    bold: fontkit().create(readFileSync(fontPath(`${BOLD}.ttf`))) as ParsedFont,
  });

const isControl = (code: number) => code < 32 || (code >= 0x7f && code <= 0x9f);
/** Text as it is printed: composed (NFC, so a letter and its accent are one glyph), without control characters. */
const pdfText = (value: string) =>
  Array.from(value.normalize('NFC'))
    .filter((c) => c === '\n' || !isControl(c.charCodeAt(0)))
    .join('');

/**
 * The invoice or receipt as an A4 PDF. `logo` is the png/jpeg bytes of an uploaded logo (remote logos are never
 * fetched, so they are left out).
 */
export function renderDocumentPdf(doc: ReceiptDocument, logo: Buffer | null): Promise<Buffer> {
  const org = doc.organisation;
  const isReceipt = doc.kind === 'receipt';
  const PDFDocument = pdfkit();
  const pdf = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: {
      Title: pdfText(`${doc.title} ${isReceipt && doc.receiptNumber ? doc.receiptNumber : doc.reference}`),
      Author: pdfText(org.name),
      Subject: pdfText(`${doc.kindLabel} ${doc.reference}`),
      Creator: 'Payrail',
    },
  });
  pdf.registerFont(REGULAR, fonts().regular);
  pdf.registerFont(BOLD, fonts().bold);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });

  const left = pdf.page.margins.left;
  const right = pdf.page.width - pdf.page.margins.right;
  const width = right - left;
  const centered = org.logoPosition === 'center';

  // Header: logo and organisation on one side, document title, number and status on the other.
  let y = 50;
  let logoBottom = y;
  if (logo) {
    try {
      const box = { fit: [170, 60] as [number, number] };
      if (centered) {
        pdf.image(logo, left + width / 2 - 85, y, { ...box, align: 'center', valign: 'center' });
      } else {
        pdf.image(logo, left, y, box);
      }
      logoBottom = y + 60 + 10;
    } catch {
      logoBottom = y; // an image pdfkit cannot read is left out
    }
  }

  const orgWidth = centered ? width : width * 0.55;
  const orgX = left;
  const orgAlign = centered ? 'center' : 'left';
  y = logoBottom;
  pdf.font(BOLD).fontSize(15).fillColor(INK).text(pdfText(org.name), orgX, y, { width: orgWidth, align: orgAlign });
  pdf.font(REGULAR).fontSize(9).fillColor(MUTED);
  for (const text of [...org.addressLines, org.phone, org.email, org.websiteUrl]) {
    if (text) pdf.text(pdfText(text), orgX, pdf.y + 1, { width: orgWidth, align: orgAlign });
  }
  const orgBottom = pdf.y;

  const docX = centered ? left : left + width * 0.55;
  const docWidth = centered ? width : width * 0.45;
  const docAlign = centered ? 'center' : 'right';
  y = centered ? orgBottom + 14 : 50;
  pdf.font(BOLD).fontSize(22).fillColor(ACCENT).text(pdfText(doc.title.toUpperCase()), docX, y, { width: docWidth, align: docAlign });
  const number = `${doc.kindLabel} ${isReceipt && doc.receiptNumber ? `No. ${doc.receiptNumber}` : doc.reference}`;
  pdf
    .font(REGULAR)
    .fontSize(10)
    .fillColor(MUTED)
    .text(pdfText(number), docX, pdf.y + 2, { width: docWidth, align: docAlign });
  const colours = STATUS_COLOURS[doc.status] ?? STATUS_COLOURS.Pending;
  pdf.font(BOLD).fontSize(8);
  const badgeText = doc.statusLabel.toUpperCase();
  const badgeWidth = pdf.widthOfString(badgeText) + 18;
  const badgeX = docAlign === 'right' ? right - badgeWidth : left + width / 2 - badgeWidth / 2;
  const badgeY = pdf.y + 6;
  pdf.roundedRect(badgeX, badgeY, badgeWidth, 16, 8).fill(colours.fill);
  pdf.fillColor(colours.text).text(badgeText, badgeX, badgeY + 4.5, { width: badgeWidth, align: 'center', lineBreak: false });
  const docBottom = badgeY + 16;

  y = Math.max(orgBottom, docBottom) + 16;
  pdf.moveTo(left, y).lineTo(right, y).lineWidth(2.5).strokeColor(ACCENT).stroke();
  y += 22;

  // Parties: the customer and the document details.
  const label = (text: string, x: number, at: number) =>
    pdf.font(BOLD).fontSize(8).fillColor(MUTED).text(text.toUpperCase(), x, at, { characterSpacing: 0.8 });
  label(isReceipt ? 'Received from' : 'Billed to', left, y);
  pdf
    .font(BOLD)
    .fontSize(12)
    .fillColor(INK)
    .text(pdfText(doc.customer.name), left, y + 14, { width: width * 0.48 });
  pdf.font(REGULAR).fontSize(10).fillColor(INK);
  for (const text of [doc.customer.email, doc.customer.phone]) {
    if (text) pdf.text(pdfText(text), left, pdf.y + 1, { width: width * 0.48 });
  }
  const customerBottom = pdf.y;

  const metaX = left + width * 0.55;
  const metaWidth = width * 0.45;
  label('Details', metaX, y);
  let metaY = y + 14;
  const rows: [string, string | null][] = [
    [isReceipt ? 'Receipt number' : 'Invoice number', isReceipt ? doc.receiptNumber : doc.reference],
    ...(isReceipt ? ([['Payment reference', doc.reference]] as [string, string][]) : []),
    ['Issued', doc.issuedAt],
    ['Paid', doc.paidAt],
    ['Currency', doc.currency],
  ];
  for (const [name, value] of rows) {
    if (!value) continue;
    pdf
      .font(REGULAR)
      .fontSize(9.5)
      .fillColor(MUTED)
      .text(name, metaX, metaY, { width: metaWidth * 0.42 });
    pdf.fillColor(INK).text(pdfText(value), metaX + metaWidth * 0.42, metaY, { width: metaWidth * 0.58, align: 'right' });
    metaY = Math.max(pdf.y, metaY + 12) + 3;
  }
  y = Math.max(customerBottom, metaY) + 24;

  // The line item and the totals.
  const amountWidth = 140;
  pdf.rect(left, y, width, 24).fill(SOFT);
  pdf.font(BOLD).fontSize(8).fillColor(MUTED);
  pdf.text('DESCRIPTION', left + 10, y + 8, { characterSpacing: 0.8 });
  pdf.text('AMOUNT', right - amountWidth - 10, y + 8, { width: amountWidth, align: 'right', characterSpacing: 0.8 });
  y += 34;
  pdf
    .font(REGULAR)
    .fontSize(10.5)
    .fillColor(INK)
    .text(pdfText(doc.description), left + 10, y, { width: width - amountWidth - 40 });
  const descriptionBottom = pdf.y;
  pdf.text(pdfText(doc.amountText), right - amountWidth - 10, y, { width: amountWidth, align: 'right' });
  y = Math.max(descriptionBottom, pdf.y) + 10;
  pdf.moveTo(left, y).lineTo(right, y).lineWidth(0.75).strokeColor(LINE).stroke();

  const totalsX = right - 240;
  y += 12;
  pdf.font(REGULAR).fontSize(10).fillColor(MUTED).text('Subtotal', totalsX, y, { width: 110 });
  pdf.fillColor(INK).text(pdfText(doc.amountText), right - 140, y, { width: 130, align: 'right' });
  y += 22;
  pdf.moveTo(totalsX, y).lineTo(right, y).lineWidth(1.5).strokeColor(INK).stroke();
  y += 9;
  pdf
    .font(BOLD)
    .fontSize(13)
    .fillColor(INK)
    .text(isReceipt ? 'Amount paid' : 'Amount due', totalsX, y, { width: 110 });
  pdf.text(pdfText(doc.amountText), right - 150, y, { width: 140, align: 'right' });
  y += 40;

  // The organisation's note.
  if (org.footerNote) {
    const noteText = pdfText(org.footerNote);
    pdf.font(REGULAR).fontSize(9.5);
    const noteHeight = pdf.heightOfString(noteText, { width: width - 32 }) + 20;
    pdf.rect(left, y, width, noteHeight).fill(SOFT);
    pdf.rect(left, y, 3, noteHeight).fill(ACCENT);
    pdf.fillColor('#374151').text(noteText, left + 16, y + 10, { width: width - 32 });
    y += noteHeight + 20;
  }

  // Footer: registration details at the bottom of the page.
  const footerParts = [
    org.name,
    org.taxId ? `Tax ID: ${org.taxId}` : null,
    org.registrationNumber ? `Reg. No.: ${org.registrationNumber}` : null,
    `Ref. ${doc.reference}`,
  ].filter((part): part is string => part !== null);
  const footerText = pdfText(footerParts.join('   ·   '));
  pdf.font(REGULAR).fontSize(8.5);
  // Above the bottom margin however many lines it takes: text past the margin would start a second page.
  const footerY = Math.max(y, pdf.page.height - pdf.page.margins.bottom - pdf.heightOfString(footerText, { width }) - 14);
  pdf.moveTo(left, footerY).lineTo(right, footerY).lineWidth(0.75).strokeColor(LINE).stroke();
  pdf.fillColor(MUTED).text(footerText, left, footerY + 8, { width, align: 'center', lineBreak: true });

  pdf.end();
  return done;
}
