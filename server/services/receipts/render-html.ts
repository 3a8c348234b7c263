import type { DocumentOrganisation, ReceiptDocument } from './documents.ts';
import { receiptLayout, type OneLineDocument } from './one-line-document.ts';

/** Escapes text for HTML element content and quoted attribute values. */
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The opening of a customer-facing HTML page up to `</head>` (never indexed); `extraMeta` is whole lines. */
export function documentHead(title: string, style: string, extraMeta = ''): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
${extraMeta}<title>${escapeHtml(title)}</title>
<style>${style}</style>
</head>`;
}

/**
 * The CSP of invoice and receipt pages: inline styles, images from here or https (logos), no scripts,
 * and framing by the console (same origin) for the invoice preview.
 */
export const RECEIPT_PAGE_CSP = "default-src 'none'; img-src 'self' https: data:; style-src 'unsafe-inline'; frame-ancestors 'self'";

/** The stylesheet of every branded document page (invoice, receipt, credit note). */
export const DOCUMENT_STYLE = `
  :root { --ink: #111827; --muted: #6b7280; --line: #e5e7eb; --soft: #f9fafb; --accent: #1f3a5f; }
  * { box-sizing: border-box; }
  body { margin: 0; background: #eef1f5; color: var(--ink); font: 14px/1.55 -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; }
  .toolbar { width: min(820px, 100%); margin: 24px auto 12px; padding: 0 16px; display: flex; justify-content: flex-end; }
  .button { display: inline-block; padding: 9px 16px; border-radius: 8px; background: var(--accent); color: #fff; text-decoration: none; font-weight: 600; font-size: 13px; }
  .sheet { width: min(820px, 100%); margin: 0 auto 40px; background: #fff; border: 1px solid var(--line); border-radius: 10px; padding: 48px 56px; box-shadow: 0 1px 3px rgba(16,24,40,.06); }
  header { display: flex; justify-content: space-between; align-items: flex-start; gap: 32px; padding-bottom: 28px; border-bottom: 3px solid var(--accent); }
  header.center { flex-direction: column; align-items: center; text-align: center; gap: 16px; }
  .logo { max-height: 72px; max-width: 220px; display: block; margin-bottom: 12px; }
  header.center .logo { margin: 0 auto 12px; }
  .org-name { font-size: 20px; font-weight: 700; margin: 0 0 4px; }
  .org-details { color: var(--muted); font-size: 13px; line-height: 1.5; }
  .doc { text-align: right; }
  header.center .doc { text-align: center; }
  .doc h1 { margin: 0; font-size: 30px; letter-spacing: .04em; text-transform: uppercase; color: var(--accent); }
  .doc .number { margin-top: 4px; font-size: 13px; color: var(--muted); }
  .status { display: inline-block; margin-top: 10px; padding: 3px 12px; border-radius: 999px; font-size: 12px; font-weight: 700; letter-spacing: .05em; text-transform: uppercase; }
  .status.Success { background: #dcfce7; color: #166534; } .status.Pending { background: #fef3c7; color: #92400e; } .status.Failed { background: #fee2e2; color: #991b1b; }
  .status.Cancelled { background: #e5e7eb; color: #374151; } .status.Refund { background: #e0e7ff; color: #3730a3; }
  .section-title { margin: 32px 0 0; }
  .reason { margin-top: 4px; color: var(--muted); font-size: 13px; white-space: pre-line; }
  .parties { display: grid; grid-template-columns: 1fr 1fr; gap: 32px; margin: 28px 0; }
  .label { font-size: 11px; font-weight: 700; letter-spacing: .08em; text-transform: uppercase; color: var(--muted); margin: 0 0 6px; }
  .party strong { display: block; font-size: 15px; }
  dl.meta { margin: 0; display: grid; grid-template-columns: auto 1fr; gap: 4px 16px; font-size: 13px; }
  dl.meta dt { color: var(--muted); } dl.meta dd { margin: 0; text-align: right; font-variant-numeric: tabular-nums; word-break: break-all; }
  table { width: 100%; border-collapse: collapse; margin-top: 8px; }
  th { text-align: left; font-size: 11px; letter-spacing: .08em; text-transform: uppercase; color: var(--muted); background: var(--soft); padding: 10px 12px; border-bottom: 1px solid var(--line); }
  td { padding: 14px 12px; border-bottom: 1px solid var(--line); vertical-align: top; }
  .num { text-align: right; white-space: nowrap; font-variant-numeric: tabular-nums; }
  .totals { margin-left: auto; width: min(320px, 100%); margin-top: 16px; }
  .totals div { display: flex; justify-content: space-between; padding: 6px 12px; }
  .totals .grand { border-top: 2px solid var(--ink); margin-top: 6px; padding-top: 10px; font-size: 17px; font-weight: 700; }
  .note { margin-top: 36px; padding: 14px 16px; background: var(--soft); border-left: 3px solid var(--accent); color: #374151; white-space: pre-line; font-size: 13px; }
  footer { margin-top: 36px; padding-top: 16px; border-top: 1px solid var(--line); color: var(--muted); font-size: 12px; display: flex; flex-wrap: wrap; justify-content: space-between; gap: 8px; }
  @media (max-width: 640px) { .sheet { padding: 28px 20px; border-radius: 0; } header { flex-direction: column; } .doc { text-align: left; } .parties { grid-template-columns: 1fr; } }
  @media print {
    @page { size: A4; margin: 14mm; }
    body { background: #fff; }
    .toolbar { display: none; }
    .sheet { width: auto; margin: 0; padding: 0; border: 0; box-shadow: none; border-radius: 0; }
    .status, th, .note { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
  }
`;

const line = (text: string | null | undefined) => (text ? `<div>${escapeHtml(text)}</div>` : '');
/** One label/value pair of a document's "Details" list; nothing when the value is missing. */
const metaRow = (label: string, value: string | null | undefined) =>
  value ? `<dt>${escapeHtml(label)}</dt><dd>${escapeHtml(value)}</dd>` : '';

/** What a document's header shows beside the organisation: its title, number and status badge. */
export interface DocumentHeading {
  title: string;
  number: string;
  /** The badge's colour class: Success, Pending, Failed, Cancelled or Refund. */
  statusClass: string;
  statusLabel: string;
}

/**
 * The branded page around a document's body: the print toolbar, the organisation header, the organisation's note and
 * the registration footer (the same chrome for invoices, receipts and credit notes).
 */
export function renderDocumentPage(
  page: { pageTitle: string; pdfPath: string; organisation: DocumentOrganisation; heading: DocumentHeading; footerReference: string },
  body: string,
): string {
  const { organisation: org, heading } = page;
  const logo = org.logoUrl ? `<img class="logo" src="${escapeHtml(org.logoUrl)}" alt="${escapeHtml(org.name)} logo">` : '';
  return `${documentHead(page.pageTitle, DOCUMENT_STYLE, '<meta name="referrer" content="no-referrer">\n')}
<body>
<nav class="toolbar"><a class="button" href="${escapeHtml(page.pdfPath)}">Print / Save as PDF</a></nav>
<main class="sheet">
  <header class="${org.logoPosition === 'center' ? 'center' : 'left'}">
    <div class="org">
      ${logo}
      <p class="org-name">${escapeHtml(org.name)}</p>
      <div class="org-details">
        ${org.addressLines.map(line).join('\n        ')}
        ${line(org.phone)}
        ${line(org.email)}
        ${line(org.websiteUrl)}
      </div>
    </div>
    <div class="doc">
      <h1>${escapeHtml(heading.title)}</h1>
      <div class="number">${escapeHtml(heading.number)}</div>
      <span class="status ${escapeHtml(heading.statusClass)}">${escapeHtml(heading.statusLabel)}</span>
    </div>
  </header>
${body}
  ${org.footerNote ? `<div class="note">${escapeHtml(org.footerNote)}</div>` : ''}

  <footer>
    <span>${escapeHtml(org.name)}</span>
    ${org.taxId ? `<span>Tax ID: ${escapeHtml(org.taxId)}</span>` : ''}
    ${org.registrationNumber ? `<span>Reg. No.: ${escapeHtml(org.registrationNumber)}</span>` : ''}
    <span>Ref. ${escapeHtml(page.footerReference)}</span>
  </footer>
</main>
</body>
</html>`;
}

/** The customer's block of a document: a label ("Received from") and their name, e-mail and phone. */
function renderParty(label: string, customer: { name: string; email: string; phone: string | null }): string {
  return `<div class="party">
      <p class="label">${escapeHtml(label)}</p>
      <strong>${escapeHtml(customer.name)}</strong>
      ${line(customer.email)}
      ${line(customer.phone)}
    </div>`;
}

/** A receipt's "Refunds" section: each succeeded refund's credit note, date and amount, then what was paid net. */
function renderRefunds(doc: ReceiptDocument): string {
  if (doc.refunds.length === 0 || !doc.netPaidText) return '';
  const rows = doc.refunds
    .map(
      (refund) =>
        `<tr><td>${escapeHtml(refund.creditNoteNumber ?? '—')}</td><td>${escapeHtml(refund.date)}</td><td class="num">− ${escapeHtml(refund.amountText)}</td></tr>`,
    )
    .join('\n      ');
  return `
  <p class="label section-title">Refunds</p>
  <table class="refunds">
    <thead><tr><th>Credit note</th><th>Date</th><th class="num">Amount</th></tr></thead>
    <tbody>
      ${rows}
    </tbody>
  </table>
  <div class="totals">
    <div class="grand"><span>Net paid</span><span class="num">${escapeHtml(doc.netPaidText)}</span></div>
  </div>
`;
}

/** The parties, the details, the one line and its totals of a document page; every value is escaped. */
export function renderOneLineBody(body: OneLineDocument): string {
  const totals = body.totals.map(
    ([label, amount], index) =>
      `<div${index === body.totals.length - 1 ? ' class="grand"' : ''}><span>${escapeHtml(label)}</span><span class="num">${escapeHtml(amount)}</span></div>`,
  );
  const note = body.note ? `<div class="reason">${escapeHtml(body.note)}</div>` : '';
  return `
  <section class="parties">
    ${renderParty(body.party.label, body.party.customer)}
    <div>
      <p class="label">Details</p>
      <dl class="meta">
        ${body.details.map(([label, value]) => metaRow(label, value)).join('\n        ')}
      </dl>
    </div>
  </section>

  <table>
    <thead><tr><th>Description</th><th class="num">Amount</th></tr></thead>
    <tbody><tr><td>${escapeHtml(body.description)}${note}</td><td class="num">${escapeHtml(body.amountText)}</td></tr></tbody>
  </table>
  <div class="totals">
    ${totals.join('\n    ')}
  </div>
`;
}

/** The printable, branded invoice or receipt page; every value is escaped and the page runs no scripts. */
export function renderDocumentHtml(doc: ReceiptDocument): string {
  const isReceipt = doc.kind === 'receipt';
  const number = `${doc.kindLabel} ${isReceipt && doc.receiptNumber ? `No. ${doc.receiptNumber}` : doc.reference}`;
  const body = `${renderOneLineBody(receiptLayout(doc))}${renderRefunds(doc)}`;
  return renderDocumentPage(
    {
      pageTitle: `${doc.kindLabel} ${isReceipt && doc.receiptNumber ? doc.receiptNumber : doc.reference} · ${doc.organisation.name}`,
      pdfPath: doc.pdfPath,
      organisation: doc.organisation,
      heading: { title: doc.title, number, statusClass: doc.status, statusLabel: doc.statusLabel },
      footerReference: doc.reference,
    },
    body,
  );
}

const NOT_FOUND_STYLE = `body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: #eef1f5; color: #111827; font: 15px/1.5 system-ui, sans-serif; }
main { background: #fff; border: 1px solid #e5e7eb; border-radius: 10px; padding: 32px 40px; text-align: center; } h1 { margin: 0 0 8px; font-size: 20px; } p { margin: 0; color: #6b7280; }`;

/** A plain not-found page for the customer-facing routes. */
export function renderNotFoundHtml(message: string): string {
  return `${documentHead('Not found', NOT_FOUND_STYLE)}
<body><main><h1>Not found</h1><p>${escapeHtml(message)}</p></main></body>
</html>`;
}
