import { apiGet } from './client.ts';
import { normaliseList, type ListPage } from './list.ts';

/** One API request (docs/console.md#entities Api log). */
export interface ApiLog {
  id: number;
  timestamp: string;
  method: string;
  endpoint: string;
  statusCode: number;
}

/** One inbound PSP callback (docs/console.md#entities Webhook log: createdAt or timestamp, status, provider). */
export interface WebhookLog {
  id: number;
  timestamp?: string | null;
  createdAt?: string | null;
  status: string;
  provider: string;
  reference?: string | null;
  orgId?: number | null;
  organisation?: string | null;
  signatureValid?: boolean | null;
  httpStatus?: number;
  message?: string | null;
}

export interface LogPageQuery {
  page?: number;
  pageSize?: number;
}

/** GET /logs/api (superadmin): a page of API requests, newest first. */
export async function listApiLogs(query: LogPageQuery = {}): Promise<ListPage<ApiLog>> {
  return normaliseList<ApiLog>(await apiGet<unknown>('/logs/api', { ...query }));
}

/** GET /logs/webhooks (superadmin): every organisation's callbacks, or one organisation's with `orgId`. */
export async function listWebhookLogs(query: LogPageQuery & { orgId?: number | null } = {}): Promise<ListPage<WebhookLog>> {
  return normaliseList<WebhookLog>(await apiGet<unknown>('/logs/webhooks', { ...query }));
}

/** GET /logs/webhooks/organisation: the caller's own organisation's callbacks. */
export async function listOwnWebhookLogs(query: LogPageQuery = {}): Promise<ListPage<WebhookLog>> {
  return normaliseList<WebhookLog>(await apiGet<unknown>('/logs/webhooks/organisation', { ...query }));
}
