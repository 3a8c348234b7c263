// The payment detail page's rules (docs/console.md#payment-detail): where the reference comes from, and the one
// timeline a support person reads top to bottom, built from the sections the API sends.
import type { PaymentTimeline } from './api/payment-timeline.ts';

export const PAYMENT_DETAIL_LOAD_FAILED = 'Failed to load the payment.';
export const PAYMENT_NOT_FOUND = 'Payment not found.';

/** The path of a payment's detail page. */
export function paymentDetailPath(reference: string): string {
  return `/dashboard/payments/${encodeURIComponent(reference)}`;
}

/**
 * A detail page's path, the reference (as the address writes it) its group 1. The build's own address of the page,
 * /dashboard/payments/detail, names no payment.
 */
export const PAYMENT_PAGE_PATTERN = /^\/dashboard\/payments\/(?!detail\/?$)([^/]+)\/?$/;

/** The reference a detail page's path names (`/dashboard/payments/PAY-…`), or null for the payments list itself. */
export function referenceFromPath(pathname: string): string | null {
  const match = PAYMENT_PAGE_PATTERN.exec(pathname);
  if (!match?.[1]) return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return null;
  }
}

/** How the payment was to be paid, in words. */
export function paymentChannel(payment: Pick<PaymentTimeline['payment'], 'processViaGateway' | 'isBankPayment'>): string {
  if (payment.isBankPayment) return 'Bank checkout';
  if (payment.processViaGateway) return 'Payment gateway';
  return 'No gateway (invoice, Record URL or paid by hand)';
}

/** A duration for people: "85 ms", "1.2 s". */
export function durationText(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`;
}

export type TimelineTone = 'success' | 'danger' | 'warning' | 'neutral';

/** One line of the timeline. */
export interface TimelineEntry {
  key: string;
  at: string;
  /** What kind of thing happened: Status, Gateway, PSP callback, Webhook, Message. */
  kind: string;
  title: string;
  detail: string | null;
  tone: TimelineTone;
}

const statusTone = (status: string): TimelineTone => (status === 'Success' ? 'success' : status === 'Failed' ? 'danger' : 'neutral');
const httpTone = (code: number | null): TimelineTone => (code !== null && code >= 200 && code < 300 ? 'success' : 'danger');

/**
 * Every status change, gateway call, PSP callback, webhook attempt and message of the payment in time order (ties
 * keep the order of that list: a change before the callbacks and webhooks it caused).
 */
export function timelineEntries(timeline: PaymentTimeline): TimelineEntry[] {
  const entries: TimelineEntry[] = [];
  timeline.history.forEach((change, index) =>
    entries.push({
      key: `status-${index}`,
      at: change.at,
      kind: 'Status',
      title: change.fromStatus ? `${change.fromStatus} → ${change.toStatus}` : `Created as ${change.toStatus}`,
      detail: change.causeText,
      tone: statusTone(change.toStatus),
    }),
  );
  (timeline.payment.attempts ?? []).forEach((attempt, index) =>
    entries.push({
      key: `gateway-${index}`,
      at: attempt.at,
      kind: 'Gateway',
      title: `${attempt.gateway}: ${attempt.outcome}${attempt.httpStatus === null ? '' : ` (HTTP ${attempt.httpStatus})`} in ${durationText(attempt.durationMs)}`,
      detail: attempt.error,
      tone: attempt.outcome === 'ok' ? 'success' : 'danger',
    }),
  );
  for (const callback of timeline.callbacks)
    entries.push({
      key: `callback-${callback.id}`,
      at: callback.at,
      kind: 'PSP callback',
      title: `${callback.provider}: ${callback.status} (HTTP ${callback.httpStatus})`,
      detail: callback.message,
      tone: callback.status === 'accepted' ? 'success' : callback.status === 'rejected' ? 'danger' : 'warning',
    });
  for (const delivery of timeline.deliveries)
    for (const attempt of delivery.attempts)
      entries.push({
        key: `delivery-${delivery.id}-${attempt.attempt}`,
        at: attempt.startedAt,
        kind: 'Webhook',
        title: `${delivery.event} to the ${delivery.channel} URL, attempt ${attempt.attempt}: ${
          attempt.statusCode === null ? 'no answer' : `HTTP ${attempt.statusCode}`
        } in ${durationText(attempt.durationMs)}`,
        detail: [attempt.error, attempt.responseExcerpt].filter(Boolean).join(' · ') || null,
        tone: httpTone(attempt.statusCode),
      });
  for (const message of timeline.messages)
    entries.push({
      key: `message-${message.id}`,
      at: message.createdAt,
      kind: 'Message',
      title: `"${message.subject}" to ${message.to}: ${message.status}`,
      detail: message.error,
      tone: message.status === 'failed' ? 'danger' : message.status === 'pending' ? 'warning' : 'success',
    });
  // A stable sort: entries of the same instant keep the order above.
  return entries
    .map((entry, index) => ({ entry, index, time: new Date(entry.at).getTime() }))
    .sort((a, b) => a.time - b.time || a.index - b.index)
    .map(({ entry }) => entry);
}
