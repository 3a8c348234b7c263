import type { Static } from 'typebox';
import type { Wire } from '../../../isomorphic/schemas/common.ts';
import type {
  ApiLog as ApiLogSchema,
  LogPageQuery as LogPageQuerySchema,
  WebhookLog as WebhookLogSchema,
  WebhookLogQuery,
} from '../../../isomorphic/schemas/logs.ts';
import { apiGet } from './client.ts';
import { normaliseList, type ListPage, type ListQuery } from './list.ts';

/** One API request (docs/console.md#entities Api log). */
export type ApiLog = Wire<Static<typeof ApiLogSchema>>;

/** One inbound PSP callback (docs/console.md#entities Webhook log: createdAt or timestamp, status, provider). */
export type WebhookLog = Wire<Static<typeof WebhookLogSchema>>;

export type LogPageQuery = ListQuery<typeof LogPageQuerySchema>;

/** GET /logs/api (superadmin): a page of API requests, newest first. */
export async function listApiLogs(query: LogPageQuery = {}): Promise<ListPage<ApiLog>> {
  return normaliseList<ApiLog>(await apiGet<unknown>('/logs/api', { ...query }));
}

/** GET /logs/webhooks (superadmin): every organisation's callbacks, or one organisation's with `orgId`. */
export async function listWebhookLogs(query: ListQuery<typeof WebhookLogQuery> = {}): Promise<ListPage<WebhookLog>> {
  return normaliseList<WebhookLog>(await apiGet<unknown>('/logs/webhooks', { ...query }));
}

/** GET /logs/webhooks/organisation: the caller's own organisation's callbacks. */
export async function listOwnWebhookLogs(query: LogPageQuery = {}): Promise<ListPage<WebhookLog>> {
  return normaliseList<WebhookLog>(await apiGet<unknown>('/logs/webhooks/organisation', { ...query }));
}
