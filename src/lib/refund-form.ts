// Rules of the payment's Refund and Cancel actions (docs/console.md#refunds-and-cancellation), free of any framework.
import { fromMinorUnits, toMinorUnits } from '../../isomorphic/money.ts';
import { refundStateOf, type RefundState } from '../../isomorphic/refund-state.ts';
import type { Checked, FieldErrors } from './field-rules.ts';
import type { Payment } from './api/payments.ts';
import type { CreateRefundInput, Refund } from './api/refunds.ts';
import { baseUnitOfAmount } from './payment-form.ts';

// ---------- Texts ----------

export const REFUND_FAILED = 'Failed to refund payment.';
export const CANCEL_FAILED = 'Failed to cancel payment.';
export const CANCELLED = 'Payment cancelled.';
export const REFUNDS_LOAD_FAILED = 'Could not load refunds.';
export const CREDIT_NOTE_FAILED = 'Could not open the credit note.';
export const REFUND_REASON_REQUIRED = 'Reason is required.';
/** Both reasons' bound, as the API's. */
export const REASON_MAX_LENGTH = 500;
export const NEEDS_REFUND_WARNING =
  'The payment service reported this payment as paid after it was cancelled: the customer was charged and must get the money back.';

/** The success toast of a refund, by what the server answered. */
export function refundOutcomeText(refund: Pick<Refund, 'status' | 'amount' | 'currency' | 'failureReason'>): string {
  const amount = `${refund.amount} ${refund.currency}`;
  if (refund.status === 'Succeeded') return `Refunded ${amount}.`;
  if (refund.status === 'Pending') return `Refund of ${amount} requested. It completes when the payment service confirms it.`;
  return refund.failureReason ? `Refund of ${amount} failed: ${refund.failureReason}` : `Refund of ${amount} failed.`;
}

// ---------- Which action a payment offers ----------

/** What is still refundable of a payment, in minor units: its amount less succeeded and pending refunds. */
export function refundableMinor(payment: Pick<Payment, 'amountMinor' | 'refundedAmountMinor'>, refunds: readonly Refund[] = []): number {
  // The payment carries what succeeded; the list adds what Pending refunds hold (the server reserves both).
  const pending = refunds.filter((refund) => refund.status === 'Pending').reduce((sum, refund) => sum + refund.amountMinor, 0);
  return Math.max(0, payment.amountMinor - payment.refundedAmountMinor - pending);
}

/** Refund is offered for a Success payment with something left to refund. */
export function canRefund(payment: Pick<Payment, 'status' | 'amountMinor' | 'refundedAmountMinor'>): boolean {
  return payment.status === 'Success' && refundableMinor(payment) > 0;
}

/** Cancel is offered for a Pending payment only. */
export function canCancel(payment: Pick<Payment, 'status'>): boolean {
  return payment.status === 'Pending';
}

/** "Refunded" or "Partially refunded" beside a Success payment's status; null otherwise. */
export function refundStateOfPayment(payment: Pick<Payment, 'status' | 'amountMinor' | 'refundedAmountMinor'>): RefundState | null {
  return payment.status === 'Success' ? refundStateOf(payment) : null;
}

// ---------- Amounts as the dialogs say them ----------

/** Minor units of a payment's currency as "25.00 GHS", the way the confirmations name an amount. */
export function amountWithCurrency(minor: number, payment: Pick<Payment, 'amount' | 'currency'>): string {
  return `${fromMinorUnits(minor, baseUnitOfAmount(payment.amount))} ${payment.currency}`;
}

/** "Refund 25.00 GHS to Kwame Boateng?" */
export function refundQuestion(minor: number, payment: Pick<Payment, 'amount' | 'currency' | 'customerName'>): string {
  return `Refund ${amountWithCurrency(minor, payment)} to ${payment.customerName}?`;
}

/** The Cancel confirmation, naming the amount and the customer. */
export function cancelQuestion(payment: Pick<Payment, 'amount' | 'amountMinor' | 'currency' | 'customerName' | 'reference'>): string {
  return `Cancel payment ${payment.reference} of ${amountWithCurrency(payment.amountMinor, payment)} from ${payment.customerName}? Its checkout links stop working and this cannot be undone.`;
}

// ---------- The Refund form ----------

export interface RefundValues {
  amount: string;
  reason: string;
}

export type RefundField = 'amount' | 'reason';

export const REFUND_FIELDS: readonly RefundField[] = ['amount', 'reason'];

/** The form as it opens: the whole refundable remainder, no reason. */
export function initialRefundValues(payment: Pick<Payment, 'amount'>, remainderMinor: number): RefundValues {
  return { amount: fromMinorUnits(remainderMinor, baseUnitOfAmount(payment.amount)), reason: '' };
}

/**
 * Checks the form against what is still refundable and builds the request body with the amount in minor units for
 * the confirmation (the server applies the same rules and words the over-refund error the same way).
 */
export function checkRefund(
  values: RefundValues,
  payment: Pick<Payment, 'amount' | 'currency'>,
  remainderMinor: number,
): Checked<{ body: CreateRefundInput; minor: number }, RefundField> {
  const errors: FieldErrors<RefundField> = {};
  const baseUnit = baseUnitOfAmount(payment.amount);
  let minor = 0;
  const parsed = toMinorUnits(values.amount.trim(), baseUnit, payment.currency);
  if (values.amount.trim() === '') errors.amount = 'Amount is required.';
  else if (!parsed.ok) errors.amount = parsed.error;
  else if (parsed.minor > remainderMinor)
    errors.amount = `The amount is more than the ${amountWithCurrency(remainderMinor, payment)} still refundable.`;
  else minor = parsed.minor;
  const reason = values.reason.trim();
  if (reason === '') errors.reason = REFUND_REASON_REQUIRED;
  else if (reason.length > REASON_MAX_LENGTH) errors.reason = 'Keep the reason under 500 characters.';
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, value: { body: { amount: fromMinorUnits(minor, baseUnit), reason }, minor } };
}

/** A fresh Idempotency-Key: 128 random bits as hex (getRandomValues works on plain http too, unlike randomUUID). */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `console-${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}
