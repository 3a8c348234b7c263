// How much of a payment has been refunded, as the console, documents and exports say it. Runs everywhere.

/** "Refunded" or "Partially refunded" beside a Success payment's status; null when nothing was refunded. */
export type RefundState = 'Refunded' | 'Partially refunded';

/** The refund state of a payment from its amount and what its succeeded refunds sent back (both in minor units). */
export function refundStateOf(payment: { amountMinor: number; refundedAmountMinor: number }): RefundState | null {
  if (payment.refundedAmountMinor <= 0) return null;
  return payment.refundedAmountMinor >= payment.amountMinor ? 'Refunded' : 'Partially refunded';
}
