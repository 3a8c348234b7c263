import type { Static } from 'typebox';
import type { UrlResponse, Wire } from '../../../isomorphic/schemas/common.ts';
import type { CancelPaymentBody, CreateRefundBody, Refund as RefundSchema } from '../../../isomorphic/schemas/refunds.ts';
import { apiGet, apiPost } from './client.ts';
import type { Payment } from './payments.ts';

/** A refund of a payment: Pending until the gateway answers, then Succeeded (with a credit note) or Failed. */
export type Refund = Wire<Static<typeof RefundSchema>>;

/** GET /payments/{id}/refunds: a payment's refunds, newest first. */
export interface RefundList {
  items: Refund[];
}

/** POST /payments/{id}/refunds body: `amount` (decimal in major units; all still refundable without it) and a reason. */
export type CreateRefundInput = Static<typeof CreateRefundBody>;

export type CancelPaymentInput = Static<typeof CancelPaymentBody>;

const paymentPath = (reference: string) => `/payments/${encodeURIComponent(reference)}`;

/**
 * POST /payments/{id}/refunds (orgadmin). `idempotencyKey` names this one request: sending it again (a retry after a
 * lost answer) replays the first answer instead of refunding twice.
 */
export function createRefund(reference: string, input: CreateRefundInput, idempotencyKey: string): Promise<Refund> {
  return apiPost<Refund>(`${paymentPath(reference)}/refunds`, input, { headers: { 'Idempotency-Key': idempotencyKey } });
}

/** GET /payments/{id}/refunds (orgadmin, or a superadmin reading): the payment's refunds, newest first. */
export async function listRefunds(reference: string): Promise<Refund[]> {
  return (await apiGet<RefundList>(`${paymentPath(reference)}/refunds`)).items;
}

/** POST /payments/{id}/cancel (orgadmin): a Pending payment becomes Cancelled; its checkout links stop working. */
export function cancelPayment(reference: string, input: CancelPaymentInput = {}): Promise<Payment> {
  return apiPost<Payment>(`${paymentPath(reference)}/cancel`, input);
}

/** GET /refunds/{reference}/credit-note: the public, tokenised URL of a succeeded refund's credit note. */
export async function creditNoteUrl(refundReference: string): Promise<string> {
  return (await apiGet<Static<typeof UrlResponse>>(`/refunds/${encodeURIComponent(refundReference)}/credit-note`)).url;
}
