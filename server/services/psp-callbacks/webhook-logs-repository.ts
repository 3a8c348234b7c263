import { count, desc, eq, lt } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { organisations, webhookLogs } from '../../db/schema.ts';
import { runStatement, StatementParams } from '../../db/statements.ts';
import type { ChangeSideWrite } from '../ledger/ledger.ts';

export type WebhookLogInsert = typeof webhookLogs.$inferInsert;
export type WebhookLogRow = typeof webhookLogs.$inferSelect & { organisation: string | null };

/** The SELECT list of one webhook log row (the columns of webhookLogColumns), its values as parameters. */
function webhookLogValues(entry: WebhookLogInsert, params: StatementParams): string {
  const values = [
    entry.provider,
    entry.orgId ?? null,
    entry.paymentId ?? null,
    entry.reference ?? null,
    entry.status,
    entry.signatureValid ?? null,
    entry.httpStatus,
    entry.message ?? null,
  ].map((value) => params.add(value));
  return `coalesce(${params.add(entry.createdAt ?? null)}::timestamptz, now()), ${values.join(', ')}`;
}

const webhookLogColumns = '(created_at, provider, org_id, payment_id, reference, status, signature_valid, http_status, message)';

/** Records one inbound PSP callback: one single-row insert, no read (a prepared statement: every callback logs). */
export async function insertWebhookLog(db: Database, entry: WebhookLogInsert): Promise<void> {
  const params = new StatementParams();
  await runStatement(
    db,
    'webhook_log_insert',
    `insert into webhook_logs ${webhookLogColumns} values (${webhookLogValues(entry, params)})`,
    params,
  );
}

/** The log row of a PSP callback, written by the statement that changes its payment — only when it does. */
export function webhookLogSideWrite(entry: WebhookLogInsert): ChangeSideWrite {
  return {
    name: 'logged',
    cte: (params) => `webhook_log as (
      insert into webhook_logs ${webhookLogColumns}
      select ${webhookLogValues(entry, params)} where exists (select 1 from changed))`,
  };
}

/** One page of inbound callbacks, newest first, with the organisation's name; `orgId` limits it to one organisation. */
export async function listWebhookLogs(
  db: Database,
  filter: { orgId?: number | undefined },
  page: { limit: number; offset: number },
): Promise<{ items: WebhookLogRow[]; total: number }> {
  const where = filter.orgId === undefined ? undefined : eq(webhookLogs.orgId, filter.orgId);
  const [items, totals] = await Promise.all([
    db
      .select({
        id: webhookLogs.id,
        createdAt: webhookLogs.createdAt,
        provider: webhookLogs.provider,
        orgId: webhookLogs.orgId,
        paymentId: webhookLogs.paymentId,
        reference: webhookLogs.reference,
        status: webhookLogs.status,
        signatureValid: webhookLogs.signatureValid,
        httpStatus: webhookLogs.httpStatus,
        message: webhookLogs.message,
        organisation: organisations.name,
      })
      .from(webhookLogs)
      .leftJoin(organisations, eq(organisations.id, webhookLogs.orgId))
      .where(where)
      .orderBy(desc(webhookLogs.createdAt), desc(webhookLogs.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(webhookLogs).where(where),
  ]);
  return { items, total: totals[0]?.total ?? 0 };
}

/** Deletes callback log entries older than the cutoff; returns how many. */
export async function pruneWebhookLogs(db: Database, cutoff: Date): Promise<number> {
  const rows = await db.delete(webhookLogs).where(lt(webhookLogs.createdAt, cutoff)).returning({ id: webhookLogs.id });
  return rows.length;
}
