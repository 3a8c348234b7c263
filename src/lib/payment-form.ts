// Rules of the Payments screen and its Create Payment form (docs/console.md#screens, #states, #validation, #calls, #messages), free of any framework.
import { isEmailAddress, type Checked, type FieldErrors } from './field-rules.ts';
import { decimalsOf, formatMoney, fromMinorUnits, toMinorUnits } from '../../isomorphic/money.ts';
import type { CreatePaymentInput, CreatedPayment, Payment } from './api/payments.ts';

// ---------- Texts (docs/console.md#messages, verbatim) ----------

export const PAYMENTS_LOAD_FAILED = 'Failed to load payments';
export const ORGANISATIONS_LOAD_FAILED = 'Failed to load organisations';
export const ORGANISATION_PAYMENTS_LOAD_FAILED = 'Failed to load payments for organisation';
export const MARK_PAID_FAILED = 'Failed to mark as paid.';
export const CREATE_FAILED = 'Failed to create payment.';
export const COPY_FAILED = 'Could not copy link';
export const CREATED = 'Payment created successfully.';
export const MARKED_PAID = 'Payment marked as paid.';
export const LINK_COPIED = 'Receipt link copied to clipboard';
export const READ_ONLY_LABEL = 'Superadmin: read-only';
export const RECEIPT_FAILED = 'Could not open the receipt.';

// ---------- Field texts ----------

export const AMOUNT_REQUIRED = 'Amount is required.';
export const CURRENCY_REQUIRED = 'Choose a currency.';
export const CUSTOMER_NAME_REQUIRED = 'Customer name is required.';
export const CUSTOMER_EMAIL_REQUIRED = 'Customer email is required.';
export const CUSTOMER_EMAIL_INVALID = 'Enter a valid email address.';
export const DESCRIPTION_REQUIRED = 'Description is required.';

/** Default base unit when a currency's own is unknown (docs/console.md#constants). */
export const DEFAULT_BASE_UNIT = 100;

// ---------- Status ----------

/** Only Success is paid; everything else (Pending, Failed, unknown) shows in the failed colour (docs/console.md#states). */
export function isPaid(payment: Pick<Payment, 'status'>): boolean {
  return payment.status === 'Success';
}

/**
 * Badge class of a status: success colour for Success, the failed colour for any other (docs/console.md#states);
 * Cancelled's badge is also dashed, to tell a payment stopped on purpose from a failed one.
 */
export function statusClass(status: string): string {
  if (status === 'Success') return 'badge badge--success';
  return status === 'Cancelled' ? 'badge badge--danger badge--cancelled' : 'badge badge--danger';
}

// ---------- Display ----------

/** Base unit implied by a decimal amount string ("12.50" → 100, "1200" → 1). */
export function baseUnitOfAmount(amount: string | null | undefined): number {
  const match = /\.(\d+)$/.exec((amount ?? '').trim());
  return match?.[1] ? 10 ** match[1].length : 1;
}

/** A payment's amount for people, in its own currency (docs/console.md#constants). */
export function paymentAmount(payment: Pick<Payment, 'amount' | 'amountMinor' | 'currency'>): string {
  return formatMoney(payment.amountMinor, payment.currency, baseUnitOfAmount(payment.amount));
}

/** A payment's date for people, as a day ("22 Nov 2026") and a time ("7:05 pm"); junk is shown as the day. */
export function paymentDate(date: string | null | undefined, locale = 'en-GH'): { day: string; time: string } {
  if (!date) return { day: '', time: '' };
  const parsed = new Date(date);
  if (Number.isNaN(parsed.getTime())) return { day: date, time: '' };
  return {
    day: new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(parsed),
    time: new Intl.DateTimeFormat(locale, { timeStyle: 'short' }).format(parsed),
  };
}

// ---------- Links (docs/console.md#calls) ----------

/** The invoice page of a payment reference (HTML; the console may frame it). */
export function invoiceUrl(reference: string): string {
  return `/receipts/invoice/${encodeURIComponent(reference)}`;
}

/** The invoice PDF of a payment reference. */
export function invoicePdfUrl(reference: string): string {
  return `${invoiceUrl(reference)}.pdf`;
}

/** The PDF of a receipt URL returned by GET /payments/{id}/receipt. */
export function receiptPdfUrl(receiptUrl: string): string {
  return `${receiptUrl}.pdf`;
}

/** Where to send the payer after creating a payment, if the server gave a checkout page: the bank choice, else the PSP's. */
export function checkoutUrlOf(created: Pick<CreatedPayment, 'gatewayInit' | 'bankCheckoutUrl'>): string | null {
  const candidates = [created.bankCheckoutUrl, created.gatewayInit?.checkoutUrl];
  return candidates.find((url): url is string => typeof url === 'string' && url.trim() !== '') ?? null;
}

// ---------- Create Payment form ----------

export interface CreatePaymentValues {
  amount: string;
  currency: string;
  customerName: string;
  customerEmail: string;
  description: string;
  processViaGateway: boolean;
  isBankPayment: boolean;
}

export type CreatePaymentField = 'amount' | 'currency' | 'customerName' | 'customerEmail' | 'description';

/** The order fields appear in, for moving focus to the first problem. */
export const CREATE_FIELDS: readonly CreatePaymentField[] = ['amount', 'currency', 'customerName', 'customerEmail', 'description'];

/** A blank form in the organisation's default currency (docs/console.md#validation). */
export function emptyPaymentForm(defaultCurrency = ''): CreatePaymentValues {
  return {
    amount: '',
    currency: defaultCurrency,
    customerName: '',
    customerEmail: '',
    description: '',
    processViaGateway: false,
    isBankPayment: false,
  };
}

/** The currency the form starts with: the organisation's default if it takes it, else its first. */
export function initialCurrency(currencies: readonly string[], defaultCurrency: string | null | undefined): string {
  if (defaultCurrency && currencies.includes(defaultCurrency)) return defaultCurrency;
  return currencies[0] ?? defaultCurrency ?? '';
}

/** Ticking 'process via gateway' off also clears bank checkout: that option only exists under it (docs/console.md#screens). */
export function withGateway(values: CreatePaymentValues, processViaGateway: boolean): CreatePaymentValues {
  return { ...values, processViaGateway, isBankPayment: processViaGateway ? values.isBankPayment : false };
}

/** Whether the bank-checkout option is shown. */
export function showsBankCheckout(values: Pick<CreatePaymentValues, 'processViaGateway'>): boolean {
  return values.processViaGateway;
}

/** The base unit of a currency code among `currencies` (100 when unknown, docs/console.md#constants). */
export function baseUnitOf(code: string, currencies: readonly { code: string; baseUnit: number }[]): number {
  return currencies.find((currency) => currency.code === code)?.baseUnit ?? DEFAULT_BASE_UNIT;
}

/**
 * Checks the form and builds the POST /payments body: amount as an exact decimal string in the
 * currency's base unit (the server applies the same rule and words its errors the same way).
 */
export function checkCreatePayment(values: CreatePaymentValues, baseUnit: number): Checked<CreatePaymentInput, CreatePaymentField> {
  const errors: FieldErrors<CreatePaymentField> = {};
  const amountText = values.amount.trim();
  const currency = values.currency.trim().toUpperCase();
  let amount = '';
  if (amountText === '') {
    errors.amount = AMOUNT_REQUIRED;
  } else {
    const minor = toMinorUnits(amountText, baseUnit, currency);
    if (minor.ok) amount = fromMinorUnits(minor.minor, baseUnit);
    else errors.amount = minor.error;
  }
  if (currency === '') errors.currency = CURRENCY_REQUIRED;
  const customerName = values.customerName.trim();
  if (customerName === '') errors.customerName = CUSTOMER_NAME_REQUIRED;
  const customerEmail = values.customerEmail.trim();
  if (customerEmail === '') errors.customerEmail = CUSTOMER_EMAIL_REQUIRED;
  else if (!isEmailAddress(customerEmail)) errors.customerEmail = CUSTOMER_EMAIL_INVALID;
  const description = values.description.trim();
  if (description === '') errors.description = DESCRIPTION_REQUIRED;
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const payload: CreatePaymentInput = { amount, currency, customerName, customerEmail, description };
  if (values.processViaGateway) {
    payload.processViaGateway = true;
    if (values.isBankPayment) payload.isBankPayment = true;
  }
  return { ok: true, value: payload };
}

/** The `step` of the amount input for a base unit: 0.01 for 100, 1 for 1. */
export function amountStep(baseUnit: number): string {
  const decimals = decimalsOf(baseUnit);
  return decimals === 0 ? '1' : `0.${'0'.repeat(decimals - 1)}1`;
}
