import { apiGet, apiPatch, apiPost } from './client.ts';
import { normaliseList, type ListPage } from './list.ts';

/** Payment status (docs/console.md#states): any other value counts as not paid. */
export type PaymentStatus = 'Pending' | 'Success' | 'Failed';

/** A payment as the server sends it; `id` is the payment reference (PAY-…). */
export interface Payment {
  id: string;
  reference: string;
  receiptNumber: string | null;
  /** Decimal in major units, e.g. "12.50". */
  amount: string;
  amountMinor: number;
  currency: string;
  status: PaymentStatus | (string & {});
  customerName: string;
  customerEmail: string;
  customerPhone: string | null;
  description: string;
  processViaGateway: boolean;
  isBankPayment: boolean;
  gateway: string | null;
  providerReference: string | null;
  date: string;
  createdAt: string;
  paidAt: string | null;
}

/** What the gateway said when a payment was started through it. */
export interface GatewayInit {
  ok: boolean;
  gateway: string | null;
  provider: string | null;
  checkoutUrl: string | null;
  providerReference: string | null;
  error: string | null;
  /** Older servers nest the checkout URL here (docs/console.md#calls). */
  response?: { checkoutUrl?: string | null } | null;
}

/** POST /payments answer: the payment, and the gateway's answer when it went through one. */
export interface CreatedPayment extends Payment {
  gatewayInit?: GatewayInit;
  bankCheckoutUrl?: string | null;
}

/** POST /payments body: amount as a decimal string in major units. */
export interface CreatePaymentInput {
  amount: string;
  currency?: string;
  customerName: string;
  customerEmail: string;
  customerPhone?: string;
  description: string;
  processViaGateway?: boolean;
  isBankPayment?: boolean;
}

export interface PaymentListQuery {
  page?: number;
  pageSize?: number;
  status?: PaymentStatus;
  search?: string;
}

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
export function getReceiptLink(id: string): Promise<{ url: string }> {
  return apiGet<{ url: string }>(`/payments/${encodeURIComponent(id)}/receipt`);
}

/** A message e-mailed to a payment's customer, with its delivery outcome. */
export interface PaymentMessage {
  id: number;
  to: string;
  subject: string;
  body: string;
  /** sent; logged (the server has no mail server configured); failed; pending. */
  status: 'sent' | 'logged' | 'failed' | 'pending';
  error: string | null;
  createdAt: string;
  sentAt: string | null;
}

/** POST /payments/{id}/messages (orgadmin): e-mails the customer; the invoice or receipt link is appended. */
export function sendPaymentMessage(id: string, message: { subject: string; body: string }): Promise<PaymentMessage> {
  return apiPost<PaymentMessage>(`/payments/${encodeURIComponent(id)}/messages`, message);
}

/** GET /payments/{id}/messages (orgadmin): the messages sent about a payment, newest first. */
export function listPaymentMessages(id: string): Promise<PaymentMessage[]> {
  return apiGet<PaymentMessage[]>(`/payments/${encodeURIComponent(id)}/messages`);
}
