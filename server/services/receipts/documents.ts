import type { Database } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import { fromMinorUnits } from '../../../isomorphic/money.ts';
import { refundStateOf } from '../../../isomorphic/refund-state.ts';
import { findFileByKey } from '../files/files-repository.ts';
import { findOrganisation, type OrganisationRow } from '../organisations/organisations-repository.ts';
import { findPaymentByReceiptToken, findPaymentByReference, type PaymentRow } from '../payments/payments-repository.ts';
import { findCurrenciesByCode } from '../reference/currencies-repository.ts';
import { listSucceededRefunds } from '../refunds/refunds-repository.ts';

/** Public payment references and receipt tokens; anything else is simply not found. */
export const REFERENCE_PATTERN = /^PAY-[0-9A-Z]{16}$/;
export const RECEIPT_TOKEN_PATTERN = /^[A-Za-z0-9_-]{20,64}$/;

export type DocumentKind = 'invoice' | 'receipt';

/** The organisation as its documents print it: name, contact lines and branding. */
export interface DocumentOrganisation {
  name: string;
  email: string;
  phone: string | null;
  websiteUrl: string | null;
  /** Street, city/state/postal code and country, one entry per printed line. */
  addressLines: string[];
  taxId: string | null;
  registrationNumber: string | null;
  footerNote: string | null;
  /** '/api/files/<key>' or an http(s) URL; null when there is none or it is not a safe URL. */
  logoUrl: string | null;
  logoPosition: 'left' | 'center';
}

/** One succeeded refund as a receipt lists it. */
export interface DocumentRefund {
  creditNoteNumber: string | null;
  /** When it succeeded: "22 Nov 2026, 18:59 UTC". */
  date: string;
  /** "GHS 25.00". */
  amountText: string;
}

/** Everything a customer-facing invoice or receipt shows, already formatted for people (values unescaped). */
export interface ReceiptDocument {
  /** What the document is, whichever link served it: an invoice (amount due) until paid, then a receipt (amount paid). */
  kind: DocumentKind;
  /** 'Invoice'; a receipt's is the organisation's receipt title (branding), else 'Receipt'. */
  title: string;
  /** 'Invoice' or 'Receipt', shown with the number when the title is the organisation's own. */
  kindLabel: string;
  reference: string;
  receiptNumber: string | null;
  status: 'Pending' | 'Success' | 'Failed' | 'Cancelled';
  /** 'Paid', 'Refunded', 'Partially refunded', 'Awaiting payment', 'Payment failed' or 'Cancelled'. */
  statusLabel: string;
  currency: string;
  /** Decimal in major units, e.g. "12.50". */
  amount: string;
  /** Grouped amount with the currency code, e.g. "GHS 1,234.50". */
  amountText: string;
  description: string;
  customer: { name: string; email: string; phone: string | null };
  /** "22 Nov 2026, 18:59 UTC". */
  issuedAt: string;
  paidAt: string | null;
  /** A receipt's succeeded refunds, oldest first (empty for an invoice or an unrefunded receipt). */
  refunds: DocumentRefund[];
  /** What the customer paid net of those refunds, "GHS 75.00"; null when there are none. */
  netPaidText: string | null;
  organisation: DocumentOrganisation;
  /** Links the pages offer (relative to the site origin). */
  htmlPath: string;
  pdfPath: string;
}

const dateFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
  timeZone: 'UTC',
});

/** A UTC timestamp for people: "22 Nov 2026, 18:59 UTC". */
export function formatDocumentDate(date: Date): string {
  return `${dateFormat.format(date)} UTC`;
}

/** Minor units as "GHS 1,234.50" (grouped, exact, with the currency's decimals). */
export function formatAmountText(minor: number, currency: string, baseUnit: number): string {
  const [whole = '0', fraction] = fromMinorUnits(minor, baseUnit).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${currency} ${grouped}${fraction === undefined ? '' : `.${fraction}`}`;
}

const statusLabels = { Pending: 'Awaiting payment', Success: 'Paid', Failed: 'Payment failed', Cancelled: 'Cancelled' } as const;

const blank = (value: string | null | undefined): string | null => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
};

/** Only an uploaded file path or an http(s) URL may become an image source. */
function safeLogoUrl(value: string | null): string | null {
  if (!value) return null;
  if (/^\/api\/files\/[A-Za-z0-9_-]{10,64}$/.test(value)) return value;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** The organisation's printed details and branding, as every customer-facing document shows them. */
export function documentOrganisation(organisation: OrganisationRow): DocumentOrganisation {
  const cityLine = [blank(organisation.city), blank(organisation.state), blank(organisation.postalCode)].filter(Boolean).join(', ');
  const addressLines = [
    blank(organisation.addressLine1),
    blank(organisation.addressLine2),
    blank(cityLine),
    blank(organisation.countryName),
  ].filter((line): line is string => line !== null);
  return {
    name: organisation.name,
    email: organisation.email,
    phone: blank(organisation.phone),
    websiteUrl: blank(organisation.websiteUrl),
    addressLines,
    taxId: blank(organisation.taxId),
    registrationNumber: blank(organisation.registrationNumber),
    footerNote: blank(organisation.invoiceFooterNote),
    logoUrl: safeLogoUrl(organisation.logoUrl),
    logoPosition: organisation.logoPosition === 'center' ? 'center' : 'left',
  };
}

/** The base unit of a currency code (100 when the currency is not in the reference data). */
export async function baseUnitOfCurrency(db: Database, code: string): Promise<number> {
  const [currency] = await findCurrenciesByCode(db, [code]);
  return currency?.baseUnit ?? 100;
}

/** The document of a payment, served at the `route` kind's link (an invoice link of a paid payment shows its receipt). */
async function buildDocument(db: Database, payment: PaymentRow, route: DocumentKind): Promise<ReceiptDocument> {
  const organisation = await findOrganisation(db, payment.orgId);
  if (!organisation) throw notFound(route === 'invoice' ? 'Invoice not found.' : 'Receipt not found.');
  const kind: DocumentKind = payment.status === 'Success' ? 'receipt' : 'invoice';
  const baseUnit = await baseUnitOfCurrency(db, payment.currency);
  const kindLabel = kind === 'invoice' ? 'Invoice' : 'Receipt';
  const status = payment.status as ReceiptDocument['status'];
  const base = route === 'invoice' ? `/receipts/invoice/${payment.reference}` : `/receipts/${payment.receiptToken ?? ''}`;
  const refunds = kind === 'receipt' ? await listSucceededRefunds(db, payment.id) : [];
  // The document adds up the refunds it lists, so its net always matches its own rows.
  const refundedMinor = refunds.reduce((sum, refund) => sum + refund.amountMinor, 0);
  const refundState = refundStateOf({ amountMinor: payment.amountMinor, refundedAmountMinor: refundedMinor });
  return {
    kind,
    title: kind === 'receipt' ? (blank(organisation.receiptTitle) ?? kindLabel) : kindLabel,
    kindLabel,
    reference: payment.reference,
    receiptNumber: payment.receiptNumber,
    status,
    statusLabel: refundState ?? statusLabels[status] ?? status,
    currency: payment.currency,
    amount: fromMinorUnits(payment.amountMinor, baseUnit),
    amountText: formatAmountText(payment.amountMinor, payment.currency, baseUnit),
    description: payment.description,
    customer: { name: payment.customerName, email: payment.customerEmail, phone: blank(payment.customerPhone) },
    issuedAt: formatDocumentDate(payment.createdAt),
    paidAt: payment.paidAt ? formatDocumentDate(payment.paidAt) : null,
    refunds: refunds.map((refund) => ({
      creditNoteNumber: refund.creditNoteNumber,
      date: formatDocumentDate(refund.completedAt ?? refund.createdAt),
      amountText: formatAmountText(refund.amountMinor, payment.currency, baseUnit),
    })),
    netPaidText: refunds.length > 0 ? formatAmountText(payment.amountMinor - refundedMinor, payment.currency, baseUnit) : null,
    organisation: documentOrganisation(organisation),
    htmlPath: base,
    pdfPath: `${base}.pdf`,
  };
}

/** The invoice of a payment (any status), by its public reference; 404 when unknown. */
export async function loadInvoice(db: Database, reference: string): Promise<ReceiptDocument> {
  if (!REFERENCE_PATTERN.test(reference)) throw notFound('Invoice not found.');
  const payment = await findPaymentByReference(db, reference);
  if (!payment) throw notFound('Invoice not found.');
  return buildDocument(db, payment, 'invoice');
}

/** The receipt of a successful payment, by its unguessable token; 404 when unknown or not paid. */
export async function loadReceipt(db: Database, token: string): Promise<ReceiptDocument> {
  if (!RECEIPT_TOKEN_PATTERN.test(token)) throw notFound('Receipt not found.');
  const payment = await findPaymentByReceiptToken(db, token);
  if (!payment || payment.status !== 'Success') throw notFound('Receipt not found.');
  return buildDocument(db, payment, 'receipt');
}

/** The bytes of an uploaded png or jpeg logo (the formats PDFs can embed); never fetches remote URLs. */
export async function loadEmbeddableLogo(db: Database, logoUrl: string | null): Promise<Buffer | null> {
  const key = logoUrl ? /^\/api\/files\/([A-Za-z0-9_-]{10,64})$/.exec(logoUrl)?.[1] : undefined;
  if (!key) return null;
  const file = await findFileByKey(db, key);
  if (!file || (file.contentType !== 'image/png' && file.contentType !== 'image/jpeg')) return null;
  return Buffer.from(file.bytes);
}
