import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type PdfKit from 'pdfkit';
import { lazyModule } from '../../lazy-module.ts';
import type { DocumentOrganisation } from './documents.ts';
import type { OneLineDocument } from './one-line-document.ts';

// The branded chrome every PDF document shares (invoice, receipt, credit note): fonts, the organisation header with
// the title and status badge, the customer and details blocks, the organisation's note and the registration footer.

const pdfkit = lazyModule<typeof PdfKit>('pdfkit');

export const ACCENT = '#1f3a5f';
export const INK = '#111827';
export const MUTED = '#6b7280';
export const LINE = '#e5e7eb';
export const SOFT = '#f3f4f6';
const STATUS_COLOURS: Record<string, { fill: string; text: string }> = {
  Success: { fill: '#dcfce7', text: '#166534' },
  Pending: { fill: '#fef3c7', text: '#92400e' },
  Failed: { fill: '#fee2e2', text: '#991b1b' },
  Cancelled: { fill: '#e5e7eb', text: '#374151' },
  Refund: { fill: '#e0e7ff', text: '#3730a3' },
};

// DejaVu Sans Condensed, embedded (pdfkit writes only the glyphs a document uses): the PDF standard fonts cover
// Windows-1252 only, so names such as Ɔsei or Ɛfua (Akan), Łukasz, Ελένη or Ольга printed with question marks. The
// condensed cut is about as wide as Helvetica, which the layout's columns were drawn for.
export const REGULAR = 'DejaVuSansCondensed';
export const BOLD = 'DejaVuSansCondensed-Bold';
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
export const pdfText = (value: string) =>
  Array.from(value.normalize('NFC'))
    .filter((c) => c === '\n' || !isControl(c.charCodeAt(0)))
    .join('');

/** An A4 document being drawn: pdfkit's document, the printable band, and the bytes once it ends. */
export interface PdfSheet {
  pdf: InstanceType<typeof PdfKit>;
  left: number;
  right: number;
  width: number;
  done: Promise<Buffer>;
}

/** Starts an A4 document with the embedded fonts; `info` is its metadata (title, author, subject). */
export function startPdf(info: { Title: string; Author: string; Subject: string }): PdfSheet {
  const PDFDocument = pdfkit();
  const pdf = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: { Title: pdfText(info.Title), Author: pdfText(info.Author), Subject: pdfText(info.Subject), Creator: 'Payrail' },
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
  return { pdf, left, right, width: right - left, done };
}

/** A small upper-case label ("DETAILS", "REFUNDS") at a point. */
export function drawLabel(sheet: PdfSheet, text: string, x: number, y: number): void {
  sheet.pdf.font(BOLD).fontSize(8).fillColor(MUTED).text(text.toUpperCase(), x, y, { characterSpacing: 0.8 });
}

/**
 * The header: logo and organisation on one side, the document's title, number and status badge on the other, then the
 * accent rule. Returns where the body starts. `logo` is png/jpeg bytes (remote logos are never fetched).
 */
export function drawHeader(
  sheet: PdfSheet,
  org: DocumentOrganisation,
  logo: Buffer | null,
  heading: { title: string; number: string; statusClass: string; statusLabel: string },
): number {
  const { pdf, left, right, width } = sheet;
  const centered = org.logoPosition === 'center';
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
  const orgAlign = centered ? 'center' : 'left';
  y = logoBottom;
  pdf.font(BOLD).fontSize(15).fillColor(INK).text(pdfText(org.name), left, y, { width: orgWidth, align: orgAlign });
  pdf.font(REGULAR).fontSize(9).fillColor(MUTED);
  for (const text of [...org.addressLines, org.phone, org.email, org.websiteUrl]) {
    if (text) pdf.text(pdfText(text), left, pdf.y + 1, { width: orgWidth, align: orgAlign });
  }
  const orgBottom = pdf.y;

  const docX = centered ? left : left + width * 0.55;
  const docWidth = centered ? width : width * 0.45;
  const docAlign = centered ? 'center' : 'right';
  y = centered ? orgBottom + 14 : 50;
  pdf.font(BOLD).fontSize(22).fillColor(ACCENT).text(pdfText(heading.title.toUpperCase()), docX, y, { width: docWidth, align: docAlign });
  pdf
    .font(REGULAR)
    .fontSize(10)
    .fillColor(MUTED)
    .text(pdfText(heading.number), docX, pdf.y + 2, { width: docWidth, align: docAlign });
  const colours = STATUS_COLOURS[heading.statusClass] ?? { fill: '#fef3c7', text: '#92400e' };
  pdf.font(BOLD).fontSize(8);
  const badgeText = heading.statusLabel.toUpperCase();
  const badgeWidth = pdf.widthOfString(badgeText) + 18;
  const badgeX = docAlign === 'right' ? right - badgeWidth : left + width / 2 - badgeWidth / 2;
  const badgeY = pdf.y + 6;
  pdf.roundedRect(badgeX, badgeY, badgeWidth, 16, 8).fill(colours.fill);
  pdf.fillColor(colours.text).text(badgeText, badgeX, badgeY + 4.5, { width: badgeWidth, align: 'center', lineBreak: false });
  const docBottom = badgeY + 16;

  y = Math.max(orgBottom, docBottom) + 16;
  pdf.moveTo(left, y).lineTo(right, y).lineWidth(2.5).strokeColor(ACCENT).stroke();
  return y + 22;
}

/**
 * The customer (left) and the document's details (right) from `y`; details with no value are left out. Returns the
 * bottom of the taller of the two.
 */
export function drawPartyAndDetails(
  sheet: PdfSheet,
  y: number,
  party: { label: string; customer: { name: string; email: string; phone: string | null } },
  details: [string, string | null][],
): number {
  const { pdf, left, width } = sheet;
  drawLabel(sheet, party.label, left, y);
  pdf
    .font(BOLD)
    .fontSize(12)
    .fillColor(INK)
    .text(pdfText(party.customer.name), left, y + 14, { width: width * 0.48 });
  pdf.font(REGULAR).fontSize(10).fillColor(INK);
  for (const text of [party.customer.email, party.customer.phone]) {
    if (text) pdf.text(pdfText(text), left, pdf.y + 1, { width: width * 0.48 });
  }
  const customerBottom = pdf.y;

  const metaX = left + width * 0.55;
  const metaWidth = width * 0.45;
  drawLabel(sheet, 'Details', metaX, y);
  let metaY = y + 14;
  for (const [name, value] of details) {
    if (!value) continue;
    pdf
      .font(REGULAR)
      .fontSize(9.5)
      .fillColor(MUTED)
      .text(name, metaX, metaY, { width: metaWidth * 0.42 });
    pdf.fillColor(INK).text(pdfText(value), metaX + metaWidth * 0.42, metaY, { width: metaWidth * 0.58, align: 'right' });
    metaY = Math.max(pdf.y, metaY + 12) + 3;
  }
  return Math.max(customerBottom, metaY);
}

/** A totals row right-aligned under the table: a plain one, or the bold grand total with a rule above it. */
export function drawTotal(sheet: PdfSheet, y: number, label: string, amountText: string, grand = false): number {
  const { pdf, right } = sheet;
  const totalsX = right - 260;
  if (!grand) {
    pdf.font(REGULAR).fontSize(10).fillColor(MUTED).text(label, totalsX, y, { width: 130 });
    pdf.fillColor(INK).text(pdfText(amountText), right - 140, y, { width: 130, align: 'right' });
    return y + 22;
  }
  pdf.moveTo(totalsX, y).lineTo(right, y).lineWidth(1.5).strokeColor(INK).stroke();
  y += 9;
  pdf.font(BOLD).fontSize(13).fillColor(INK).text(label, totalsX, y, { width: 130, lineBreak: false });
  pdf.text(pdfText(amountText), right - 150, y, { width: 140, align: 'right' });
  return y + 40;
}

/** The organisation's note from `y`, the registration footer at the bottom of the page, then the document ends. */
export function finishPdf(sheet: PdfSheet, org: DocumentOrganisation, y: number, footerReference: string): Promise<Buffer> {
  const { pdf, left, right, width } = sheet;
  if (org.footerNote) {
    const noteText = pdfText(org.footerNote);
    pdf.font(REGULAR).fontSize(9.5);
    const noteHeight = pdf.heightOfString(noteText, { width: width - 32 }) + 20;
    pdf.rect(left, y, width, noteHeight).fill(SOFT);
    pdf.rect(left, y, 3, noteHeight).fill(ACCENT);
    pdf.fillColor('#374151').text(noteText, left + 16, y + 10, { width: width - 32 });
    y += noteHeight + 20;
  }

  const footerParts = [
    org.name,
    org.taxId ? `Tax ID: ${org.taxId}` : null,
    org.registrationNumber ? `Reg. No.: ${org.registrationNumber}` : null,
    `Ref. ${footerReference}`,
  ].filter((part): part is string => part !== null);
  const footerText = pdfText(footerParts.join('   ·   '));
  pdf.font(REGULAR).fontSize(8.5);
  // Above the bottom margin however many lines it takes: text past the margin would start a second page.
  const footerY = Math.max(y, pdf.page.height - pdf.page.margins.bottom - pdf.heightOfString(footerText, { width }) - 14);
  pdf.moveTo(left, footerY).lineTo(right, footerY).lineWidth(0.75).strokeColor(LINE).stroke();
  pdf.fillColor(MUTED).text(footerText, left, footerY + 8, { width, align: 'center', lineBreak: true });

  pdf.end();
  return sheet.done;
}

/** A table of columns under a shaded header row; `columns` give each one's header, width share and alignment. */
export function drawTable(
  sheet: PdfSheet,
  y: number,
  columns: { header: string; share: number; align?: 'left' | 'right' }[],
  rows: string[][],
): number {
  const { pdf, left, right, width } = sheet;
  const inner = width - 20;
  const xs = columns.reduce<number[]>((at, column, index) => [...at, (at[index] ?? left + 10) + column.share * inner], [left + 10]);
  pdf.rect(left, y, width, 24).fill(SOFT);
  pdf.font(BOLD).fontSize(8).fillColor(MUTED);
  columns.forEach((column, index) =>
    pdf.text(column.header.toUpperCase(), xs[index] ?? left, y + 8, {
      width: column.share * inner,
      align: column.align ?? 'left',
      characterSpacing: 0.8,
    }),
  );
  y += 34;
  for (const row of rows) {
    let bottom = y;
    pdf.font(REGULAR).fontSize(10.5).fillColor(INK);
    row.forEach((cell, index) => {
      const column = columns[index];
      if (!column) return;
      pdf.text(pdfText(cell), xs[index] ?? left, y, { width: column.share * inner, align: column.align ?? 'left' });
      bottom = Math.max(bottom, pdf.y);
    });
    y = bottom + 10;
    pdf.moveTo(left, y).lineTo(right, y).lineWidth(0.75).strokeColor(LINE).stroke();
    y += 12;
  }
  return y;
}

/** The parties, details, one line and totals of a document (as the HTML page shows them); the y below them. */
export function drawOneLineBody(sheet: PdfSheet, y: number, body: OneLineDocument): number {
  let bottom = drawPartyAndDetails(sheet, y, body.party, body.details) + 24;
  bottom = drawTable(
    sheet,
    bottom,
    [
      { header: 'Description', share: 0.7 },
      { header: 'Amount', share: 0.3, align: 'right' },
    ],
    [[body.note ? `${body.description}\n${body.note}` : body.description, body.amountText]],
  );
  body.totals.forEach(([label, amount], index) => {
    bottom = drawTotal(sheet, bottom, label, amount, index === body.totals.length - 1);
  });
  return bottom;
}
