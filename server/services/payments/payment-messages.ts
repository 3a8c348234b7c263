import type { Static } from 'typebox';
import { recordAudit, type AuditActor } from '../audit/audit-service.ts';
import type { PaymentMessage as PaymentMessageSchema } from '../../../isomorphic/schemas/payments.ts';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/client.ts';
import { badRequest } from '../../errors.ts';
import { findMailMessage, listPaymentMessages, type MailMessageRow } from '../mail/mail-messages-repository.ts';
import type { Mailer } from '../mail/mailer.ts';
import { organisationPayment } from './organisation-payment.ts';
import type { PaymentRow } from './payments-repository.ts';

export interface MessageContext {
  db: Database;
  clock: Clock;
  mailer: Mailer;
  publicUrl: string;
}

export type PaymentMessage = Static<typeof PaymentMessageSchema>;

/** The customer's link for a payment: its receipt once paid, its invoice before. */
export function customerLink(payment: PaymentRow, publicUrl: string): { label: string; url: string } {
  return payment.status === 'Success' && payment.receiptToken
    ? { label: 'Your receipt', url: `${publicUrl}/receipts/${payment.receiptToken}` }
    : { label: 'Your invoice', url: `${publicUrl}/receipts/invoice/${encodeURIComponent(payment.reference)}` };
}

/** A stored message as the API shows it. */
export const toMessage = (row: MailMessageRow): PaymentMessage => ({
  id: row.id,
  to: row.toAddress,
  subject: row.subject,
  body: row.textBody,
  status: row.status,
  error: row.error,
  createdAt: row.createdAt,
  sentAt: row.sentAt,
});

/**
 * The message composer: e-mails the customer the subject and text with the invoice or receipt link
 * appended, waits for the delivery outcome, and returns the stored message with it.
 */
export async function sendPaymentMessage(
  ctx: MessageContext,
  orgId: number,
  reference: string,
  input: { subject: string; body: string },
  actor: AuditActor,
): Promise<PaymentMessage> {
  const payment = await organisationPayment(ctx.db, orgId, reference);
  const subject = input.subject.trim();
  const body = input.body.trim();
  if (!subject) throw badRequest('Subject is required.');
  if (!body) throw badRequest('Message is required.');
  const link = customerLink(payment, ctx.publicUrl);
  const text = `${body}\n\n${link.label}: ${link.url}\n`;
  const changes = { message: { before: null, after: subject } };
  const { id, delivered } = await ctx.mailer.queue({
    to: payment.customerEmail,
    subject,
    text,
    paymentId: payment.id,
    // The stored message and its audit entry commit together.
    alongside: (tx) =>
      recordAudit(tx, ctx.clock, actor, { action: 'payment.message.send', targetType: 'payment', targetId: reference, orgId, changes }),
  });
  await delivered;
  const stored = await findMailMessage(ctx.db, id);
  if (!stored) throw new Error(`mail message ${id} vanished`);
  return toMessage(stored);
}

/** The messages sent about a payment, newest first. */
export async function listMessages(db: Database, orgId: number, reference: string): Promise<PaymentMessage[]> {
  const payment = await organisationPayment(db, orgId, reference);
  return (await listPaymentMessages(db, payment.id)).map(toMessage);
}
