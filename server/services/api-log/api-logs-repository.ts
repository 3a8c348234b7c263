import { count, desc, lt } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
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

/** Writes many log entries in one multi-row INSERT. */
export async function insertApiLogs(db: Database, entries: ApiLogEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await db.insert(apiLogs).values(entries);
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
