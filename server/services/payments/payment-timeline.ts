import type { Static } from 'typebox';
import type { PaymentHistoryEntry, PaymentTimeline } from '../../../isomorphic/schemas/payments.ts';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import { listPaymentMessages } from '../mail/mail-messages-repository.ts';
import { toPublicAttempt, toPublicDelivery } from '../webhooks/webhook-config.ts';
import { cachedCurrenciesByCode } from '../reference/currency-cache.ts';
import { gatewayNameOf } from '../gateways/gateways-repository.ts';
import { toMessage } from './payment-messages.ts';
import { findPaymentByReference, listAttempts } from './payments-repository.ts';
import { toPublicPayment } from './public-payment.ts';
import { attemptsOfDeliveries, organisationSummary, paymentCallbacks, paymentDeliveries, paymentHistory } from './timeline-repository.ts';

export type Timeline = Static<typeof PaymentTimeline>;

/** A history entry's cause in the words a support person reads (the creation's channel, who marked it paid, …). */
export function causeInWords(cause: string, actorName: string | null, actorUserId: number | null): string {
  const who = actorName ?? (actorUserId === null ? null : `user #${actorUserId} (deleted)`);
  switch (cause) {
    case 'created':
      return who ? `Created in the console by ${who}` : 'Created through the API';
    case 'checkout':
      return 'Created on the checkout page';
    case 'record-url':
      return 'Recorded as paid through the Record URL';
    case 'webhook':
      return 'PSP callback';
    case 'verify':
      return 'Verified with the gateway';
    case 'reconcile':
      return 'Reconcile job (status asked of the gateway)';
    case 'mark-paid':
      return `Mark as paid by ${who ?? 'a user'}`;
    case 'cancel':
      return who ? `Cancelled by ${who}` : 'Cancelled through the API';
    case 'webhook-after-cancel':
    case 'verify-after-cancel':
    case 'reconcile-after-cancel':
      return 'Paid at the PSP after it was cancelled: flagged for refund';
    default:
      return cause;
  }
}

/**
 * Everything known about one payment, for a support person to read top to bottom: its fields and gateway attempts,
 * its status history with causes, the PSP callbacks and outbound deliveries (every attempt) that name it, the messages
 * sent and its invoice and receipt links. `orgId` null: any organisation's (superadmin); a payment of another
 * organisation is the same 404 as a missing one.
 */
export async function paymentTimeline(db: Database, orgId: number | null, reference: string, publicUrl: string): Promise<Timeline> {
  const row = await findPaymentByReference(db, reference);
  if (!row || (orgId !== null && row.orgId !== orgId)) throw notFound('Payment not found.');
  const [organisation, currencies, gatewayName, gatewayAttempts, history, callbacks, deliveries, messages] = await Promise.all([
    organisationSummary(db, row.orgId),
    cachedCurrenciesByCode(db, [row.currency]),
    row.gatewayId === null ? null : gatewayNameOf(db, row.gatewayId),
    listAttempts(db, row.id),
    paymentHistory(db, row.id),
    paymentCallbacks(db, row.id),
    paymentDeliveries(db, row.id),
    listPaymentMessages(db, row.id),
  ]);
  if (!organisation) throw notFound('Payment not found.');
  // A Record URL payment is created (by no user) and recorded as paid in one transaction.
  const recorded = history.some((entry) => entry.cause === 'record-url');
  const attempts = await attemptsOfDeliveries(
    db,
    deliveries.map((delivery) => delivery.id),
  );
  return {
    payment: toPublicPayment(row, currencies[0]?.baseUnit ?? 100, gatewayName ?? null, gatewayAttempts),
    organisation,
    history: history.map((entry): Static<typeof PaymentHistoryEntry> => ({
      at: entry.at,
      fromStatus: entry.fromStatus,
      toStatus: entry.toStatus,
      cause: entry.cause,
      causeText:
        recorded && entry.cause === 'created' && entry.actorUserId === null
          ? 'Created through the Record URL'
          : causeInWords(entry.cause, entry.actorName, entry.actorUserId),
      actor: entry.actorUserId === null ? null : { id: entry.actorUserId, name: entry.actorName },
    })),
    callbacks: callbacks.map((callback) => ({
      id: callback.id,
      at: callback.createdAt,
      provider: callback.provider,
      status: callback.status,
      signatureValid: callback.signatureValid,
      httpStatus: callback.httpStatus,
      message: callback.message,
    })),
    deliveries: deliveries.map((delivery) => ({
      ...toPublicDelivery(delivery),
      channel: delivery.channel,
      attempts: attempts.filter((attempt) => attempt.deliveryId === delivery.id).map(toPublicAttempt),
    })),
    messages: messages.map(toMessage),
    invoiceUrl: `${publicUrl}/receipts/invoice/${encodeURIComponent(row.reference)}`,
    receiptUrl: row.status === 'Success' && row.receiptToken ? `${publicUrl}/receipts/${row.receiptToken}` : null,
  };
}
