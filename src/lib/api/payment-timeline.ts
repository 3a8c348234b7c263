import type { Static } from 'typebox';
import type { Wire } from '../../../isomorphic/schemas/common.ts';
import type { PaymentTimeline as PaymentTimelineSchema } from '../../../isomorphic/schemas/payments.ts';
import { apiGetEarly } from './early-requests.ts';

/** Everything known about one payment, as the detail page reads it (GET /payments/{reference}/timeline). */
export type PaymentTimeline = Wire<Static<typeof PaymentTimelineSchema>>;

/** One outbound delivery of the payment's events, with every attempt. */
export type PaymentDelivery = PaymentTimeline['deliveries'][number];

/** The API path of a payment's timeline, its reference already encoded for a path (or a pattern's `$1`). */
export const timelinePath = (encodedReference: string) => `/payments/${encodedReference}/timeline`;

/**
 * GET /payments/{reference}/timeline: an orgadmin's own organisation's payment, a superadmin's of any. The first load
 * takes the answer to the request the page's head sent with the profile (detail.astro).
 */
export function getPaymentTimeline(reference: string): Promise<PaymentTimeline> {
  return apiGetEarly<PaymentTimeline>(timelinePath(encodeURIComponent(reference)));
}
