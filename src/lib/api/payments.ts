import type { Static } from 'typebox';
import type { UrlResponse, Wire } from '../../../isomorphic/schemas/common.ts';
import type {
  CreatePaymentBody,
  CreatePaymentResponse,
  GatewayInit as GatewayInitSchema,
  Payment as PaymentSchema,
  PaymentList as PaymentListSchema,
  PaymentListQuery as PaymentListQuerySchema,
  PaymentMessage as PaymentMessageSchema,
  PaymentMessageBody,
  PaymentStatusFilter,
} from '../../../isomorphic/schemas/payments.ts';
import { getToken } from '../token.ts';
import { ApiError, apiGet, apiPatch, apiPost, apiUrl, type QueryParams } from './client.ts';
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

/** A page of the filtered list: the payments (with their organisation's code) and whether the total stopped at its cap. */
export type PaymentListPage = Wire<Static<typeof PaymentListSchema>>;
export type ListedPayment = PaymentListPage['items'][number];

/** GET /payments (orgadmin): a page of the caller's organisation's payments, newest first. */
export async function listPayments(query: PaymentListQuery = {}): Promise<ListPage<Payment>> {
  return normaliseList<Payment>(await apiGet<unknown>('/payments', { ...query }));
}

/** GET /payments with filters: the caller's organisation's payments, or a superadmin's of every (or one) organisation. */
export function listFilteredPayments(query: QueryParams): Promise<PaymentListPage> {
  return apiGet<PaymentListPage>('/payments', { ...query });
}

/** How far an export has come: rows and bytes received so far. */
export interface ExportProgress {
  rows: number;
  bytes: number;
}

/**
 * GET /payments/export.csv with the list's filters: reads the streamed CSV, reporting rows and bytes as they arrive,
 * and resolves with the file and the name the server gave it. The bearer token goes in a header (never in a URL), so
 * the download is a fetch rather than a link.
 */
export async function exportPaymentsCsv(
  query: QueryParams,
  onProgress: (progress: ExportProgress) => void,
  signal?: AbortSignal,
): Promise<{ file: Blob; fileName: string }> {
  const token = getToken();
  let response: Response;
  try {
    response = await fetch(apiUrl('/payments/export.csv', { ...query }), {
      headers: { Accept: 'text/csv', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      signal,
    });
  } catch (error) {
    throw new ApiError({ error });
  }
  if (!response.ok || !response.body) {
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text) as unknown;
    } catch {
      // not JSON: the text is the message
    }
    throw new ApiError({ body, status: response.status, statusText: response.statusText });
  }
  const parts: Uint8Array[] = [];
  const progress = { rows: 0, bytes: 0 };
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    progress.bytes += value.byteLength;
    // A row ends with CRLF; quoted line breaks inside a cell are rare enough for a progress figure.
    for (const byte of value) if (byte === 10) progress.rows++;
    onProgress({ rows: Math.max(0, progress.rows - 1), bytes: progress.bytes });
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'payments.csv';
  return { file: new Blob(parts as BlobPart[], { type: 'text/csv;charset=utf-8' }), fileName };
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
