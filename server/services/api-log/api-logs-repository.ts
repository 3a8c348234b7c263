import { count, desc, lt } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { runStatement, StatementParams } from '../../db/statements.ts';
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
 * Writes many log entries in one INSERT from parallel arrays (unnest): seven parameters and one prepared statement
 * whatever the batch size — a multi-row VALUES list of thousands of entries cost the API process more CPU to build
 * than the requests it logged.
 */
export async function insertApiLogs(db: Database, entries: ApiLogEntry[]): Promise<void> {
  if (entries.length === 0) return;
  const params = new StatementParams();
  const column = <T>(pick: (entry: ApiLogEntry) => T) => params.add(entries.map(pick));
  await runStatement(
    db,
    'insert_api_logs',
    `insert into api_logs (created_at, method, endpoint, status_code, duration_ms, user_id, org_id)
     select * from unnest(${column((entry) => entry.createdAt)}::timestamptz[], ${column((entry) => entry.method)}::varchar[],
                          ${column((entry) => entry.endpoint)}::varchar[], ${column((entry) => entry.statusCode)}::smallint[],
                          ${column((entry) => entry.durationMs)}::integer[], ${column((entry) => entry.userId)}::integer[],
                          ${column((entry) => entry.orgId)}::integer[])`,
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
