import type { Static } from 'typebox';
import type { Wire } from '../../../isomorphic/schemas/common.ts';
import type { AuditEvent as AuditEventSchema, AuditExportQuery } from '../../../isomorphic/schemas/audit.ts';
import { getToken } from '../token.ts';
import { ApiError, apiGet, apiUrl } from './client.ts';

/** One audit entry: who did what to which target, the changed fields with secrets masked (docs/audit.md). */
export type AuditEvent = Wire<Static<typeof AuditEventSchema>>;

/** The Audit view's filters (the list and the export take the same). */
export type AuditFilters = Static<typeof AuditExportQuery>;

export interface AuditPage {
  items: AuditEvent[];
  next: string | null;
}

/** GET /audit-events: one page, newest first; `after` is the previous page's `next`. */
export function listAuditEvents(filters: AuditFilters, page: { pageSize?: number; after?: string | undefined } = {}): Promise<AuditPage> {
  return apiGet<AuditPage>('/audit-events', { ...filters, ...page });
}

/** GET /payments/{reference}/audit-events: the payment's own entries, oldest first. */
export async function listPaymentAuditEvents(reference: string): Promise<AuditEvent[]> {
  return (await apiGet<{ items: AuditEvent[] }>(`/payments/${encodeURIComponent(reference)}/audit-events`)).items;
}

/** GET /audit-events/export.csv with the filters: the file and the name the server gave it (bearer in a header). */
export async function exportAuditCsv(filters: AuditFilters): Promise<{ file: Blob; fileName: string }> {
  const token = getToken();
  let response: Response;
  try {
    response = await fetch(apiUrl('/audit-events/export.csv', { ...filters }), {
      headers: { Accept: 'text/csv', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    });
  } catch (error) {
    throw new ApiError({ error });
  }
  if (!response.ok) {
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text) as unknown;
    } catch {
      // not JSON: the text is the message
    }
    throw new ApiError({ body, status: response.status, statusText: response.statusText });
  }
  const fileName = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'audit.csv';
  return { file: await response.blob(), fileName };
}
