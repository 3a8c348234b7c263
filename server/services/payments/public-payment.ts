import type { Static } from 'typebox';
import { fromMinorUnits } from '../../../isomorphic/money.ts';
import type { Payment, PaymentAttempt } from '../../../isomorphic/schemas/payments.ts';
import type { AttemptRow, PaymentRow } from './payments-repository.ts';

export type PublicAttempt = Static<typeof PaymentAttempt>;

/**
 * A time as the API shows it: a Date, or the ISO 8601 text Date#toISOString would make of it, already written by the
 * statement that read it (isoTimestampSql) — a page of payments goes to JSON without a Date per timestamp.
 */
export type ApiTime = Date | string;

/** The payment as the API shows it (isomorphic/schemas/payments.ts). */
export type PublicPayment = Static<typeof Payment>;

/** The payment columns the API shows: a list selects only these. */
export const PUBLIC_PAYMENT_KEYS = [
  'reference',
  'receiptNumber',
  'amountMinor',
  'currency',
  'status',
  'customerName',
  'customerEmail',
  'customerPhone',
  'description',
  'metadata',
  'processViaGateway',
  'isBankPayment',
  'providerReference',
  'createdAt',
  'paidAt',
  'refundedMinor',
  'cancelledAt',
  'cancelReason',
  'needsRefund',
] as const satisfies readonly (keyof PaymentRow)[];
export type PublicPaymentSource = Omit<Pick<PaymentRow, (typeof PUBLIC_PAYMENT_KEYS)[number]>, 'createdAt' | 'paidAt' | 'cancelledAt'> & {
  createdAt: ApiTime;
  paidAt: ApiTime | null;
  cancelledAt: ApiTime | null;
};

/** The payment as the API shows it: reference as id, decimal amount plus minor units. */
export function toPublicPayment(
  row: PublicPaymentSource,
  baseUnit: number,
  gatewayName: string | null = null,
  attempts?: AttemptRow[],
): PublicPayment {
  return {
    id: row.reference,
    reference: row.reference,
    receiptNumber: row.receiptNumber,
    amount: fromMinorUnits(row.amountMinor, baseUnit),
    amountMinor: row.amountMinor,
    currency: row.currency,
    status: row.status,
    customerName: row.customerName,
    customerEmail: row.customerEmail,
    customerPhone: row.customerPhone,
    description: row.description,
    metadata: row.metadata ?? null,
    processViaGateway: row.processViaGateway,
    isBankPayment: row.isBankPayment,
    gateway: gatewayName,
    providerReference: row.providerReference,
    date: row.createdAt,
    createdAt: row.createdAt,
    paidAt: row.paidAt,
    refundedAmount: fromMinorUnits(row.refundedMinor, baseUnit),
    refundedAmountMinor: row.refundedMinor,
    cancelledAt: row.cancelledAt,
    cancelReason: row.cancelReason,
    needsRefund: row.needsRefund,
    ...(attempts
      ? {
          attempts: attempts.map((attempt) => ({
            gateway: attempt.gatewayName,
            outcome: attempt.outcome,
            httpStatus: attempt.httpStatus,
            durationMs: attempt.durationMs,
            error: attempt.error,
            at: attempt.createdAt,
          })),
        }
      : {}),
  };
}
