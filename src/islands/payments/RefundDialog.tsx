import { useState } from 'react';
import { failureToast } from '../../lib/action-toasts.ts';
import type { Payment } from '../../lib/api/payments.ts';
import { createRefund, type CreateRefundInput, type Refund } from '../../lib/api/refunds.ts';
import { baseUnitOfAmount } from '../../lib/payment-form.ts';
import {
  REFUND_FAILED,
  amountWithCurrency,
  checkRefund,
  initialRefundValues,
  newIdempotencyKey,
  refundOutcomeText,
  refundQuestion,
  type RefundField,
  type RefundValues,
  REASON_MAX_LENGTH,
} from '../../lib/refund-form.ts';
import type { FieldErrors } from '../../lib/field-rules.ts';
import { showToast } from '../../lib/stores/toasts.ts';
import FormField from '../ui/FormField.tsx';
import FormModal from '../ui/FormModal.tsx';
import AmountField from './AmountField.tsx';

export interface RefundDialogProps {
  payment: Payment;
  /** What is still refundable, in minor units. */
  remainderMinor: number;
  onClose: () => void;
  onRefunded: (refund: Refund) => void;
}

/** The request as confirmed: its body, its amount for the question, and the key that makes a retry harmless. */
interface Confirming {
  body: CreateRefundInput;
  minor: number;
  idempotencyKey: string;
}

/**
 * Refund (orgadmin): amount (the refundable remainder by default) and a required reason, then a confirmation that
 * names the amount and the customer. One Idempotency-Key per confirmed request: a retry of the same request after a
 * failure replays it, and editing the form makes a new one.
 */
export default function RefundDialog({ payment, remainderMinor, onClose, onRefunded }: RefundDialogProps) {
  const [values, setValues] = useState<RefundValues>(() => initialRefundValues(payment, remainderMinor));
  const [errors, setErrors] = useState<FieldErrors<RefundField>>({});
  const [invalidAttempt, setInvalidAttempt] = useState(0);
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);
  const [busy, setBusy] = useState(false);

  const change = (field: RefundField, value: string) => {
    setValues((was) => ({ ...was, [field]: value }));
    setErrors((was) => ({ ...was, [field]: undefined }));
    setIdempotencyKey(newIdempotencyKey());
  };

  const review = () => {
    const checked = checkRefund(values, payment, remainderMinor);
    if (!checked.ok) {
      setErrors(checked.errors);
      setInvalidAttempt((n) => n + 1);
      return;
    }
    setConfirming({ ...checked.value, idempotencyKey });
  };

  const send = async (request: Confirming) => {
    setBusy(true);
    try {
      const refund = await createRefund(payment.reference, request.body, request.idempotencyKey);
      showToast(
        refund.status === 'Failed'
          ? { type: 'error', title: REFUND_FAILED, message: refundOutcomeText(refund) }
          : { type: 'success', message: refundOutcomeText(refund) },
      );
      onRefunded(refund);
    } catch (error) {
      showToast(failureToast(error, REFUND_FAILED));
      setBusy(false);
    }
  };

  const title = `Refund ${payment.reference}`;
  if (confirming)
    return (
      <FormModal
        title={title}
        onClose={() => setConfirming(null)}
        cancelLabel="Back"
        onSubmit={() => void send(confirming)}
        submitLabel="Refund"
        busyLabel="Refunding..."
        busy={busy}
      >
        <p className="confirm__message">{refundQuestion(confirming.minor, payment)}</p>
        <p className="cell-muted">Reason: {confirming.body.reason}</p>
      </FormModal>
    );
  return (
    <FormModal title={title} onClose={onClose} onSubmit={review} submitLabel="Continue" invalidAttempt={invalidAttempt}>
      <div className="form-grid">
        <AmountField
          baseUnit={baseUnitOfAmount(payment.amount)}
          error={errors.amount}
          hint={`Up to ${amountWithCurrency(remainderMinor, payment)} is still refundable.`}
          value={values.amount}
          onValueChange={(value) => change('amount', value)}
        />
        <FormField label="Reason" required error={errors.reason} className="field--wide">
          {(control) => (
            <textarea
              {...control}
              className="textarea"
              required
              rows={3}
              maxLength={REASON_MAX_LENGTH}
              value={values.reason}
              onChange={(event) => change('reason', event.target.value)}
            />
          )}
        </FormField>
      </div>
    </FormModal>
  );
}
