import type { Database } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import type { Page } from '../../../isomorphic/schemas/pagination.ts';
import { listApiLogs } from '../api-log/api-logs-repository.ts';
import { findOrganisation } from '../organisations/organisations-repository.ts';
import { listWebhookLogs } from '../psp-callbacks/webhook-logs-repository.ts';

const bounds = (page: Page) => ({ limit: page.pageSize, offset: (page.page - 1) * page.pageSize });

/** The page of log rows, each with its id and timestamp first and the fields `entry` gives after them. */
function logPage<Row extends { id: number; createdAt: Date }, Entry>(
  { items, total }: { items: Row[]; total: number },
  page: Page,
  entry: (row: Row) => Entry,
) {
  return { items: items.map((row) => ({ id: row.id, timestamp: row.createdAt, ...entry(row) })), total, ...page };
}

/** A page of API request logs (System Logs, superadmin), newest first. */
export async function apiLogPage(db: Database, page: Page) {
  return logPage(await listApiLogs(db, bounds(page)), page, (row) => ({
    method: row.method,
    endpoint: row.endpoint,
    statusCode: row.statusCode,
  }));
}

/**
 * A page of inbound PSP callback logs, newest first: every organisation's (`orgId` undefined,
 * superadmin only) or one organisation's. A named organisation that does not exist is a 404.
 */
export async function webhookLogPage(db: Database, orgId: number | undefined, page: Page) {
  if (orgId !== undefined && !(await findOrganisation(db, orgId))) throw notFound('Organisation not found.');
  return logPage(await listWebhookLogs(db, { orgId }, bounds(page)), page, (row) => ({
    createdAt: row.createdAt,
    status: row.status,
    provider: row.provider,
    reference: row.reference,
    orgId: row.orgId,
    organisation: row.organisation,
    signatureValid: row.signatureValid,
    httpStatus: row.httpStatus,
    message: row.message,
  }));
}
