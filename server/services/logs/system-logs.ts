import type { Database } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import type { Page } from '../../../shared/schemas/pagination.ts';
import { listApiLogs } from '../api-log/api-logs-repository.ts';
import { findOrganisation } from '../organisations/organisations-repository.ts';
import { listWebhookLogs } from '../psp-callbacks/webhook-logs-repository.ts';

const bounds = (page: Page) => ({ limit: page.pageSize, offset: (page.page - 1) * page.pageSize });

/** A page of API request logs (System Logs, superadmin), newest first. */
export async function apiLogPage(db: Database, page: Page) {
  const { items, total } = await listApiLogs(db, bounds(page));
  return {
    items: items.map((row) => ({
      id: row.id,
      timestamp: row.createdAt,
      method: row.method,
      endpoint: row.endpoint,
      statusCode: row.statusCode,
    })),
    total,
    ...page,
  };
}

/**
 * A page of inbound PSP callback logs, newest first: every organisation's (`orgId` undefined,
 * superadmin only) or one organisation's. A named organisation that does not exist is a 404.
 */
export async function webhookLogPage(db: Database, orgId: number | undefined, page: Page) {
  if (orgId !== undefined && !(await findOrganisation(db, orgId))) throw notFound('Organisation not found.');
  const { items, total } = await listWebhookLogs(db, { orgId }, bounds(page));
  return {
    items: items.map((row) => ({
      id: row.id,
      timestamp: row.createdAt,
      createdAt: row.createdAt,
      status: row.status,
      provider: row.provider,
      reference: row.reference,
      orgId: row.orgId,
      organisation: row.organisation,
      signatureValid: row.signatureValid,
      httpStatus: row.httpStatus,
      message: row.message,
    })),
    total,
    ...page,
  };
}
