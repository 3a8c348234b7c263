import { count, desc, lt } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { jsonRecordsSql, runStatement, StatementParams } from '../../db/statements.ts';
import { apiLogs } from '../../db/schema.ts';

export interface ApiLogEntry {
  createdAt: Date;
  method: string;
  endpoint: string;
  statusCode: number;
  durationMs: number;
  userId: number | null;
  orgId: number | null;
}

/**
 * Writes many log entries in one INSERT from one JSON parameter (jsonRecordsSql): one prepared statement whatever the
 * batch size — a multi-row VALUES list of thousands of entries cost the API process more CPU to build than the
 * requests it logged.
 */
export async function insertApiLogs(db: Database, entries: ApiLogEntry[]): Promise<void> {
  if (entries.length === 0) return;
  const params = new StatementParams();
  const records = entries.map((entry) => ({
    created_at: entry.createdAt,
    method: entry.method,
    endpoint: entry.endpoint,
    status_code: entry.statusCode,
    duration_ms: entry.durationMs,
    user_id: entry.userId,
    org_id: entry.orgId,
  }));
  const relation = jsonRecordsSql(params, records, {
    created_at: 'timestamptz',
    method: 'varchar',
    endpoint: 'varchar',
    status_code: 'smallint',
    duration_ms: 'integer',
    user_id: 'integer',
    org_id: 'integer',
  });
  await runStatement(
    db,
    'insert_api_logs',
    `insert into api_logs (created_at, method, endpoint, status_code, duration_ms, user_id, org_id)
     select created_at, method, endpoint, status_code, duration_ms, user_id, org_id from ${relation}`,
    params,
  );
}

/** Deletes API log entries older than the cutoff; returns how many. */
export async function pruneApiLogs(db: Database, cutoff: Date): Promise<number> {
  const rows = await db.delete(apiLogs).where(lt(apiLogs.createdAt, cutoff)).returning({ id: apiLogs.id });
  return rows.length;
}

/** One page of API log entries, newest first. */
export async function listApiLogs(db: Database, page: { limit: number; offset: number }) {
  const [items, totals] = await Promise.all([
    db
      .select({
        id: apiLogs.id,
        createdAt: apiLogs.createdAt,
        method: apiLogs.method,
        endpoint: apiLogs.endpoint,
        statusCode: apiLogs.statusCode,
      })
      .from(apiLogs)
      .orderBy(desc(apiLogs.createdAt), desc(apiLogs.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(apiLogs),
  ]);
  return { items, total: totals[0]?.total ?? 0 };
}
