import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { currencies, gateways, payments } from '../../db/schema.ts';
import type { PaymentChange } from '../payments/payment-changes.ts';
import { toPublicPayment, type PublicPayment } from '../payments/public-payment.ts';
import { DELIVERY_CHANNEL } from './delivery-wakeup.ts';
import {
  findOrganisationWebhooks,
  insertDeliveries,
  type DeliveryChannel,
  type DeliveryInsert,
  type DeliveryRow,
  type OrganisationWebhookRow,
} from './deliveries-repository.ts';

export type WebhookEventType = 'payment.created' | 'payment.succeeded' | 'payment.failed' | 'payment.test';

/** A new Standard Webhooks message id: `msg_` + 128 random bits. */
export function newEventId(): string {
  return `msg_${randomBytes(16).toString('base64url')}`;
}

/** The event a payment change announces, or null (e.g. Failed → Failed never happens; other changes are silent). */
function eventTypeOf(change: PaymentChange): WebhookEventType | null {
  if (change.fromStatus === null) return 'payment.created';
  if (change.toStatus === 'Success') return 'payment.succeeded';
  if (change.toStatus === 'Failed') return 'payment.failed';
  return null;
}

/** The exact body that is signed and sent: `{ id, type, createdAt, data: { payment } }` (DESIGN §6). */
export function eventBody(id: string, type: WebhookEventType, createdAt: Date, payment: PublicPayment): string {
  return JSON.stringify({ id, type, createdAt: createdAt.toISOString(), data: { payment } });
}

/**
 * The changed payment as the event shows it, with its currency's base unit and gateway name, in one
 * query. The same statement notifies the delivery workers on PostgreSQL (pg_notify inside the
 * enqueuing transaction is delivered only when it commits, and dropped if it rolls back), so the
 * wake-up costs no round trip of its own; a needless wake-up only makes a worker look once more.
 */
async function changedPaymentAnnounced(tx: Database, paymentId: number) {
  const [row] = await tx
    .select({
      payment: payments,
      baseUnit: currencies.baseUnit,
      gatewayName: gateways.name,
      notified: sql<boolean>`pg_notify(${DELIVERY_CHANNEL}, '') is null`,
    })
    .from(payments)
    .leftJoin(currencies, eq(currencies.code, payments.currency))
    .leftJoin(gateways, eq(gateways.id, payments.gatewayId))
    .where(eq(payments.id, paymentId))
    .limit(1);
  return row;
}

/** The webhook destinations of an organisation: callback, and notifier when autoNotify. */
function destinations(org: OrganisationWebhookRow): { channel: DeliveryChannel; url: string; disabled: boolean }[] {
  const list: { channel: DeliveryChannel; url: string; disabled: boolean }[] = [];
  if (org.callbackUrl) list.push({ channel: 'callback', url: org.callbackUrl, disabled: org.callbackDisabledAt !== null });
  if (org.autoNotify && org.notifierUrl)
    list.push({ channel: 'notifier', url: org.notifierUrl, disabled: org.notifierDisabledAt !== null });
  return list;
}

/** Outbox rows for one event; an endpoint disabled by 410 gets its row as Disabled (visible, resendable, not sent). */
function deliveryRows(
  org: OrganisationWebhookRow,
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
 * Writes the outbound webhook deliveries of a payment change into the outbox, inside the change's
 * transaction (so an event exists exactly when the change does). Nothing is written for an
 * organisation without destinations; with autoNotify a Success also queues the receipt e-mail.
 */
export async function enqueuePaymentEvent(tx: Database, change: PaymentChange): Promise<void> {
  const type = eventTypeOf(change);
  if (type === null) return;
  const org = await findOrganisationWebhooks(tx, change.orgId);
  if (!org) return;
  const targets = destinations(org);
  const receiptMail = org.autoNotify && type === 'payment.succeeded';
  if (targets.length === 0 && !receiptMail) return;
  const found = await changedPaymentAnnounced(tx, change.paymentId);
  if (!found) return;
  const { payment } = found;
  const id = newEventId();
  const body = eventBody(id, type, change.at, toPublicPayment(payment, found.baseUnit ?? 100, found.gatewayName));
  const rows = deliveryRows(org, { id, type, body, paymentId: payment.id, at: change.at }, targets);
  if (receiptMail && payment.customerEmail) {
    rows.push({
      orgId: org.id,
      eventId: id,
      type,
      channel: 'email',
      paymentId: payment.id,
      url: `mailto:${payment.customerEmail}`,
      body,
      status: 'Pending',
      nextAttemptAt: change.at,
      createdAt: change.at,
      updatedAt: change.at,
    });
  }
  await insertDeliveries(tx, rows);
}

/** A realistic sample payment for `payment.test`. */
function samplePayment(at: Date): PublicPayment {
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
