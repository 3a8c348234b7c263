// The payment message composer's texts and rules, free of any framework.
import type { Checked, FieldErrors } from './field-rules.ts';
import { isPaid } from './payment-form.ts';

export const MESSAGE_SENT = 'Message sent.';
export const MESSAGE_FAILED = 'Failed to send message.';
export const SUBJECT_REQUIRED = 'Subject is required.';
export const BODY_REQUIRED = 'Message is required.';
export const SUBJECT_MAX = 200;
export const BODY_MAX = 5000;

export type MessageField = 'subject' | 'body';
export interface MessageValues {
  subject: string;
  body: string;
}

interface PaymentForMessage {
  reference: string;
  status: string;
  customerName: string;
  amount: string;
  currency: string;
}

/** The composer's starting text: a receipt note once paid, a payment request before. */
export function draftMessage(payment: PaymentForMessage): MessageValues {
  const greeting = `Dear ${payment.customerName},`;
  return isPaid(payment)
    ? {
        subject: `Your receipt for ${payment.reference}`,
        body: `${greeting}\n\nThank you for your payment of ${payment.amount} ${payment.currency}. Your receipt is linked below.`,
      }
    : {
        subject: `Invoice ${payment.reference}`,
        body: `${greeting}\n\nPlease find your invoice of ${payment.amount} ${payment.currency} linked below.`,
      };
}

/** What the customer will find under the message (the server appends it). */
export function linkNote(payment: Pick<PaymentForMessage, 'status'>): string {
  return isPaid(payment) ? 'The receipt link is added below your message.' : 'The invoice link is added below your message.';
}

/** Subject and text are required and bounded. */
export function checkMessage(values: MessageValues): Checked<MessageValues, MessageField> {
  const subject = values.subject.trim();
  const body = values.body.trim();
  const errors: FieldErrors<MessageField> = {};
  if (!subject) errors.subject = SUBJECT_REQUIRED;
  else if (subject.length > SUBJECT_MAX) errors.subject = `At most ${SUBJECT_MAX} characters.`;
  if (!body) errors.body = BODY_REQUIRED;
  else if (body.length > BODY_MAX) errors.body = `At most ${BODY_MAX} characters.`;
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, value: { subject, body } };
}
