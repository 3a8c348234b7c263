import { randomBytes } from 'node:crypto';
import type { Database } from '../../db/client.ts';
import {
  insertDeliveries,
  type DeliveryChannel,
  type DeliveryInsert,
  type ChangeDelivery,
  type DeliveryRow,
  type OrganisationDestinations,
  type OrganisationWebhookRow,
} from './deliveries-repository.ts';

export type RefundEventType = 'refund.created' | 'refund.succeeded' | 'refund.failed';
export type WebhookEventType =
  'payment.created' | 'payment.succeeded' | 'payment.failed' | 'payment.cancelled' | 'payment.test' | RefundEventType;

/** A payment change as the outbox sees it: fromStatus null when the payment was just created. */
export interface AnnouncedChange {
  fromStatus: string | null;
  toStatus: string;
  at: Date;
}

/**
 * The payment an event carries, in its wire shape (the ledger hands in the public payment); the outbox itself reads
 * only these fields and signs the rest as given.
 */
export interface EventPayment {
  reference: string;
  customerEmail: string;
}

/** A new Standard Webhooks message id: `msg_` + 128 random bits. */
export function newEventId(): string {
  return `msg_${randomBytes(16).toString('base64url')}`;
}

/** The event a payment change announces, or null (e.g. Failed → Failed never happens; other changes are silent). */
function eventTypeOf(change: Pick<AnnouncedChange, 'fromStatus' | 'toStatus'>): WebhookEventType | null {
  if (change.fromStatus === null) return 'payment.created';
  if (change.toStatus === 'Success') return 'payment.succeeded';
  if (change.toStatus === 'Failed') return 'payment.failed';
  // A success flagged on a Cancelled payment (Cancelled → Cancelled) announces nothing new.
  if (change.toStatus === 'Cancelled' && change.fromStatus !== 'Cancelled') return 'payment.cancelled';
  return null;
}

/** The exact body that is signed and sent: `{ id, type, createdAt, data: { payment } }` (docs/decisions.md#outbound-webhooks). */
export function eventBody(id: string, type: WebhookEventType, createdAt: Date, payment: EventPayment): string {
  return JSON.stringify({ id, type, createdAt: createdAt.toISOString(), data: { payment } });
}

/** The webhook destinations of an organisation: callback, and notifier when autoNotify. */
function destinations(org: OrganisationDestinations): { channel: DeliveryChannel; url: string; disabled: boolean }[] {
  const list: { channel: DeliveryChannel; url: string; disabled: boolean }[] = [];
  if (org.callbackUrl) list.push({ channel: 'callback', url: org.callbackUrl, disabled: org.callbackDisabledAt !== null });
  if (org.autoNotify && org.notifierUrl)
    list.push({ channel: 'notifier', url: org.notifierUrl, disabled: org.notifierDisabledAt !== null });
  return list;
}

/** Outbox rows for one event; an endpoint disabled by 410 gets its row as Disabled (visible, resendable, not sent). */
function deliveryRows(
  org: OrganisationDestinations,
  event: { id: string; type: WebhookEventType; body: string; paymentId: number | null; at: Date },
  targets: { channel: DeliveryChannel; url: string; disabled: boolean }[],
): DeliveryInsert[] {
  return targets.map((target) => ({
    orgId: org.id,
    eventId: event.id,
    type: event.type,
    channel: target.channel,
    paymentId: event.paymentId,
    url: target.url,
    body: event.body,
    status: target.disabled ? 'Disabled' : 'Pending',
    nextAttemptAt: target.disabled ? null : event.at,
    lastError: target.disabled ? 'Endpoint disabled after 410 Gone; save the URL again to re-enable it.' : null,
    createdAt: event.at,
    updatedAt: event.at,
  }));
}

/**
 * The outbox rows announcing a payment change to an organisation: the callback URL, the notifier URL with
 * autoNotify, and with autoNotify on Success the receipt e-mail. None when the change announces nothing or the
 * organisation has nowhere to send it. Their payment id comes from the statement that records the change.
 */
export function changeDeliveries(org: OrganisationDestinations, change: AnnouncedChange, payment: EventPayment): ChangeDelivery[] {
  const type = eventTypeOf(change);
  if (type === null) return [];
  const targets = destinations(org);
  const receiptMail = org.autoNotify && type === 'payment.succeeded' && Boolean(payment.customerEmail);
  if (targets.length === 0 && !receiptMail) return [];
  const id = newEventId();
  const body = eventBody(id, type, change.at, payment);
  const rows: ChangeDelivery[] = deliveryRows(org, { id, type, body, paymentId: null, at: change.at }, targets).map((row) => ({
    ...row,
    paymentReference: payment.reference,
  }));
  if (receiptMail) {
    rows.push({
      paymentReference: payment.reference,
      orgId: org.id,
      eventId: id,
      type,
      channel: 'email',
      url: `mailto:${payment.customerEmail}`,
      body,
      status: 'Pending',
      nextAttemptAt: change.at,
      lastError: null,
      createdAt: change.at,
    });
  }
  return rows;
}

/** A refund event to announce: the refund and its payment in their wire shapes (the payment with its refunded amount). */
export interface RefundEvent {
  type: RefundEventType;
  at: Date;
  paymentId: number;
  refund: { reference: string };
  payment: EventPayment;
}

/**
 * The outbox rows announcing a refund event to an organisation's callback URL and (with autoNotify) notifier URL:
 * `{ id, type, createdAt, data: { refund, payment } }`, signed and delivered as payment events are. No e-mail.
 */
export function refundDeliveries(org: OrganisationDestinations, event: RefundEvent): DeliveryInsert[] {
  const targets = destinations(org);
  if (targets.length === 0) return [];
  const id = newEventId();
  const body = JSON.stringify({
    id,
    type: event.type,
    createdAt: event.at.toISOString(),
    data: { refund: event.refund, payment: event.payment },
  });
  return deliveryRows(org, { id, type: event.type, body, paymentId: event.paymentId, at: event.at }, targets);
}

/** A realistic sample payment for `payment.test`, in the wire shape of a payment. */
function samplePayment(at: Date) {
  return {
    id: 'PAY-TEST0000000000000',
    reference: 'PAY-TEST0000000000000',
    receiptNumber: 'TEST-1',
    amount: '12.50',
    amountMinor: 1250,
    currency: 'GHS',
    status: 'Success',
    customerName: 'Test Customer',
    customerEmail: 'customer@example.com',
    customerPhone: null,
    description: 'Test event from Payrail',
    metadata: { test: true },
    processViaGateway: false,
    isBankPayment: false,
    gateway: null,
    providerReference: null,
    date: at,
    createdAt: at,
    paidAt: at,
    refundedAmount: '0.00',
    refundedAmountMinor: 0,
    cancelledAt: null,
    cancelReason: null,
    needsRefund: false,
  };
}

/** Queues a `payment.test` event with a sample payment to the callback URL (Send test event). */
export async function enqueueTestEvent(db: Database, org: OrganisationWebhookRow, at: Date): Promise<DeliveryRow | undefined> {
  if (!org.callbackUrl) return undefined;
  const id = newEventId();
  const body = eventBody(id, 'payment.test', at, samplePayment(at));
  const [row] = await insertDeliveries(
    db,
    deliveryRows(org, { id, type: 'payment.test', body, paymentId: null, at }, [
      { channel: 'callback', url: org.callbackUrl, disabled: org.callbackDisabledAt !== null },
    ]),
  );
  return row;
}
