import { useEffect, useState } from 'react';
import { listPaymentMessages, sendPaymentMessage, type Payment, type PaymentMessage } from '../../lib/api/payments.ts';
import { BODY_MAX, MESSAGE_FAILED, MESSAGE_SENT, SUBJECT_MAX, checkMessage, draftMessage, linkNote } from '../../lib/message-form.ts';
import { paymentDate } from '../../lib/payment-form.ts';
import FormField from '../ui/FormField.tsx';
import TextField from '../ui/TextField.tsx';
import FormModal from '../ui/FormModal.tsx';
import { useCheckedForm } from '../ui/useCheckedForm.ts';

export interface MessageComposerModalProps {
  payment: Payment;
  onClose: () => void;
}

const STATUS_LABEL: Record<PaymentMessage['status'], string> = {
  sent: 'Sent',
  logged: 'Logged (no mail server)',
  failed: 'Failed',
  pending: 'Sending',
};

/** A sent message whose delivery failed is an error for the person who pressed Send. */
async function sendOrThrow(id: string, message: { subject: string; body: string }): Promise<PaymentMessage> {
  const sent = await sendPaymentMessage(id, message);
  if (sent.status === 'failed') throw new Error(sent.error ?? 'The mail server refused the message.');
  return sent;
}

/** 'Send' on a payment row: e-mails the customer a subject and text with the invoice or receipt link (docs/console.md#screens). */
export default function MessageComposerModal({ payment, onClose }: MessageComposerModalProps) {
  const [history, setHistory] = useState<PaymentMessage[] | null>(null);
  const form = useCheckedForm({
    initial: () => draftMessage(payment),
    check: checkMessage,
    save: (message) => sendOrThrow(payment.id, message),
    successMessage: MESSAGE_SENT,
    failureMessage: MESSAGE_FAILED,
    onSaved: onClose,
  });

  useEffect(() => {
    let live = true;
    listPaymentMessages(payment.id)
      .then((messages) => live && setHistory(messages))
      .catch(() => live && setHistory([]));
    return () => {
      live = false;
    };
  }, [payment.id]);

  return (
    <FormModal title="Send message" {...form.modal} submitLabel="Send" busyLabel="Sending..." onClose={onClose} size="lg">
      <div className="form-grid">
        <FormField label="To" className="field--wide">
          {(control) => <input {...control} className="input" type="email" readOnly value={payment.customerEmail} />}
        </FormField>
        <TextField
          label="Subject"
          required
          error={form.errors.subject}
          fieldClassName="field--wide"
          type="text"
          maxLength={SUBJECT_MAX}
          value={form.values.subject}
          onValueChange={(value) => form.change('subject', value)}
        />
        <FormField label="Message" required error={form.errors.body} hint={linkNote(payment)} className="field--wide">
          {(control) => (
            <textarea
              {...control}
              className="textarea"
              required
              rows={7}
              maxLength={BODY_MAX}
              value={form.values.body}
              onChange={(event) => form.change('body', event.target.value)}
            />
          )}
        </FormField>
      </div>
      {history && history.length > 0 ? (
        <section className="message-history" aria-label="Messages already sent">
          <h3>Already sent</h3>
          <ul>
            {history.map((message) => {
              const { day, time } = paymentDate(message.createdAt);
              return (
                <li key={message.id}>
                  <span className="cell-strong">{message.subject}</span>
                  <span className="cell-muted">
                    {day} {time} · {STATUS_LABEL[message.status]}
                  </span>
                </li>
              );
            })}
          </ul>
        </section>
      ) : null}
    </FormModal>
  );
}
