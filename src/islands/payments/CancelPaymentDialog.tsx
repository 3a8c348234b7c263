import { useState } from 'react';
import { failureToast, successToast } from '../../lib/action-toasts.ts';
import type { Payment } from '../../lib/api/payments.ts';
import { cancelPayment } from '../../lib/api/refunds.ts';
import { CANCELLED, CANCEL_FAILED, cancelQuestion } from '../../lib/refund-form.ts';
import { showToast } from '../../lib/stores/toasts.ts';
import ConfirmDialog from '../ui/ConfirmDialog.tsx';

/** Cancel (orgadmin, Pending payments): asks with the amount and the customer, then cancels. Mount it to open it. */
export default function CancelPaymentDialog({
  payment,
  onClose,
  onCancelled,
}: {
  payment: Payment;
  onClose: () => void;
  onCancelled: (payment: Payment) => void;
}) {
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      const cancelled = await cancelPayment(payment.reference);
      showToast(successToast(CANCELLED));
      onCancelled(cancelled);
    } catch (error) {
      showToast(failureToast(error, CANCEL_FAILED));
      onClose();
    }
  };
  return (
    <ConfirmDialog
      open
      title="Cancel payment"
      message={cancelQuestion(payment)}
      cancelLabel="Keep payment"
      confirmLabel="Cancel payment"
      busy={busy}
      onConfirm={() => void confirm()}
      onCancel={onClose}
    />
  );
}
