import type { Static } from 'typebox';
import type { UrlResponse, Wire } from '../../../shared/schemas/common.ts';
import type {
  CreatePaymentBody,
  CreatePaymentResponse,
  GatewayInit as GatewayInitSchema,
  Payment as PaymentSchema,
  PaymentListQuery as PaymentListQuerySchema,
  PaymentMessage as PaymentMessageSchema,
  PaymentMessageBody,
  PaymentStatusFilter,
} from '../../../shared/schemas/payments.ts';
import { apiGet, apiPatch, apiPost } from './client.ts';
import { normaliseList, type ListPage } from './list.ts';

/** Payment status (docs/console.md#states): any other value counts as not paid. */
export type PaymentStatus = Static<typeof PaymentStatusFilter>;

/** A payment as the server sends it; `id` is the payment reference (PAY-…). */
export type Payment = Wire<Static<typeof PaymentSchema>>;

/** What the gateway said when a payment was started through it. */
export type GatewayInit = Static<typeof GatewayInitSchema>;

/** POST /payments answer: the payment, and the gateway's answer when it went through one. */
export type CreatedPayment = Wire<Static<typeof CreatePaymentResponse>>;

/** POST /payments body: amount as a decimal string in major units. */
export type CreatePaymentInput = Static<typeof CreatePaymentBody>;

/** GET /payments filters and page. */
export type PaymentListQuery = Omit<Static<typeof PaymentListQuerySchema>, 'pageSize'> & { pageSize?: number };

/** GET /payments (orgadmin): a page of the caller's organisation's payments, newest first. */
export async function listPayments(query: PaymentListQuery = {}): Promise<ListPage<Payment>> {
  return normaliseList<Payment>(await apiGet<unknown>('/payments', { ...query }));
}

/** GET /organisations/{id}/payments (superadmin, read-only). */
export async function listOrganisationPayments(
  organisationId: number,
  query: { page?: number; pageSize?: number } = {},
): Promise<ListPage<Payment>> {
  return normaliseList<Payment>(await apiGet<unknown>(`/organisations/${organisationId}/payments`, { ...query }));
}

/** POST /payments (orgadmin). */
export function createPayment(input: CreatePaymentInput): Promise<CreatedPayment> {
  return apiPost<CreatedPayment>('/payments', input);
}

/** PATCH /payments/{id}/mark-success (orgadmin): moves a non-Success payment to Success. */
export function markPaymentPaid(id: string): Promise<Payment> {
  return apiPatch<Payment>(`/payments/${encodeURIComponent(id)}/mark-success`);
}

/** GET /payments/{id}/receipt (orgadmin): the public, tokenised receipt URL of a paid payment. */
export function getReceiptLink(id: string): Promise<Static<typeof UrlResponse>> {
  return apiGet<Static<typeof UrlResponse>>(`/payments/${encodeURIComponent(id)}/receipt`);
}

/** A message e-mailed to a payment's customer, with its delivery outcome (sent, logged, failed or pending). */
export type PaymentMessage = Wire<Static<typeof PaymentMessageSchema>>;

/** POST /payments/{id}/messages (orgadmin): e-mails the customer; the invoice or receipt link is appended. */
export function sendPaymentMessage(id: string, message: Static<typeof PaymentMessageBody>): Promise<PaymentMessage> {
  return apiPost<PaymentMessage>(`/payments/${encodeURIComponent(id)}/messages`, message);
}

/** GET /payments/{id}/messages (orgadmin): the messages sent about a payment, newest first. */
export function listPaymentMessages(id: string): Promise<PaymentMessage[]> {
  return apiGet<PaymentMessage[]>(`/payments/${encodeURIComponent(id)}/messages`);
}
