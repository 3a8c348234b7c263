import type { Payment } from '../../lib/api/payments.ts';
import { statusClass } from '../../lib/payment-form.ts';
import { refundStateOfPayment } from '../../lib/refund-form.ts';

/** A payment's status badge, with "Refunded" or "Partially refunded" beside a Success that sent money back. */
export default function PaymentStatus({ payment }: { payment: Pick<Payment, 'status' | 'amountMinor' | 'refundedAmountMinor'> }) {
  const refundState = refundStateOfPayment(payment);
  return (
    <span className="payment-status">
      <span className={statusClass(payment.status)}>{payment.status}</span>
      {refundState ? <span className="badge badge--accent">{refundState}</span> : null}
    </span>
  );
}
