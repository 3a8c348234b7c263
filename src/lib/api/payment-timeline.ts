import type { Static } from 'typebox';
import type { Wire } from '../../../isomorphic/schemas/common.ts';
import type { PaymentTimeline as PaymentTimelineSchema } from '../../../isomorphic/schemas/payments.ts';
import { apiGet } from './client.ts';

/** Everything known about one payment, as the detail page reads it (GET /payments/{reference}/timeline). */
export type PaymentTimeline = Wire<Static<typeof PaymentTimelineSchema>>;

/** One outbound delivery of the payment's events, with every attempt. */
export type PaymentDelivery = PaymentTimeline['deliveries'][number];

/** GET /payments/{reference}/timeline: an orgadmin's own organisation's payment, a superadmin's of any. */
export function getPaymentTimeline(reference: string): Promise<PaymentTimeline> {
  return apiGet<PaymentTimeline>(`/payments/${encodeURIComponent(reference)}/timeline`);
}
