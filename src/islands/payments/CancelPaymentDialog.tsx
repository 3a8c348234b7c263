import { useState } from 'react';
import { failureToast, successToast } from '../../lib/action-toasts.ts';
import type { Payment } from '../../lib/api/payments.ts';
import { cancelPayment } from '../../lib/api/refunds.ts';
import { CANCELLED, CANCEL_FAILED, cancelQuestion, REASON_MAX_LENGTH } from '../../lib/refund-form.ts';
import { showToast } from '../../lib/stores/toasts.ts';
import ConfirmDialog from '../ui/ConfirmDialog.tsx';
import FormField from '../ui/FormField.tsx';

/**
 * Cancel (orgadmin, Pending payments): asks with the amount and the customer, takes an optional reason (kept on the
 * payment and sent with payment.cancelled), then cancels. Mount it to open it.
 */
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
  const [reason, setReason] = useState('');
  const confirm = async () => {
    setBusy(true);
    try {
      const trimmed = reason.trim();
      const cancelled = await cancelPayment(payment.reference, trimmed ? { reason: trimmed } : {});
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
    >
      <FormField label="Reason (optional)" className="field--wide">
        {(control) => (
          <textarea
            {...control}
            className="textarea"
            rows={2}
            maxLength={REASON_MAX_LENGTH}
            value={reason}
            disabled={busy}
            onChange={(event) => setReason(event.target.value)}
          />
        )}
      </FormField>
    </ConfirmDialog>
  );
}
