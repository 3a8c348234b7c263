import { useState } from 'react';
import type { Payment } from '../../lib/api/payments.ts';
import type { Refund } from '../../lib/api/refunds.ts';
import { canCancel, refundableMinor } from '../../lib/refund-form.ts';
import CancelPaymentDialog from './CancelPaymentDialog.tsx';
import RefundDialog from './RefundDialog.tsx';

export interface PaymentActionsProps {
  payment: Payment;
  /** The payment's refunds as loaded (their Pending amounts are not refundable again). */
  refunds: readonly Refund[];
  /** After a refund or a cancel: the page reads the payment and its refunds again. */
  onChanged: () => void;
}

/** The detail page's Refund (Success with something left) and Cancel (Pending) buttons and their dialogs; orgadmin only. */
export default function PaymentActions({ payment, refunds, onChanged }: PaymentActionsProps) {
  const [open, setOpen] = useState<'refund' | 'cancel' | null>(null);
  const remainder = refundableMinor(payment, refunds);
  const close = () => setOpen(null);
  const done = () => {
    setOpen(null);
    onChanged();
  };
  return (
    <>
      {payment.status === 'Success' && remainder > 0 ? (
        <button type="button" className="btn btn--sm btn--primary" onClick={() => setOpen('refund')}>
          Refund
        </button>
      ) : null}
      {canCancel(payment) ? (
        <button type="button" className="btn btn--sm btn--danger" onClick={() => setOpen('cancel')}>
          Cancel payment
        </button>
      ) : null}
      {open === 'refund' ? <RefundDialog payment={payment} remainderMinor={remainder} onClose={close} onRefunded={done} /> : null}
      {open === 'cancel' ? <CancelPaymentDialog payment={payment} onClose={close} onCancelled={done} /> : null}
    </>
  );
}
