import { and, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { authThrottles } from '../../db/schema.ts';

export interface ThrottleState {
  key: string;
  hits: number;
  blockedUntil: Date | null;
  expiresAt: Date;
}

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/**
 * Counts one hit for the key in one atomic upsert, so concurrent processes count every hit. A key whose row has
 * expired starts again at 1. `slide` moves the expiry to now + windowMs on every hit (a memory of the last hit);
 * otherwise the window is fixed from its first hit.
 */
export async function countHit(db: Database, key: string, now: Date, windowMs: number, slide: boolean): Promise<ThrottleState> {
  const expired = sql`${authThrottles.expiresAt} <= ${at(now)}`;
  const nextExpiry = new Date(now.getTime() + windowMs);
  const [row] = await db
    .insert(authThrottles)
    .values({ key, hits: 1, blockedUntil: null, expiresAt: nextExpiry })
    .onConflictDoUpdate({
      target: authThrottles.key,
      set: {
        hits: sql`case when ${expired} then 1 else ${authThrottles.hits} + 1 end`,
        blockedUntil: sql`case when ${expired} then null else ${authThrottles.blockedUntil} end`,
        expiresAt: slide ? at(nextExpiry) : sql`case when ${expired} then ${at(nextExpiry)} else ${authThrottles.expiresAt} end`,
      },
    })
    .returning();
  if (!row) throw new Error('upsert returned no row');
  return row;
}

/** Blocks the key until the given time (never shortening a longer block), keeping the row at least that long. */
export async function blockUntil(db: Database, key: string, until: Date): Promise<void> {
  await db
    .update(authThrottles)
    .set({
      blockedUntil: sql`greatest(coalesce(${authThrottles.blockedUntil}, ${at(until)}), ${at(until)})`,
      expiresAt: sql`greatest(${authThrottles.expiresAt}, ${at(until)})`,
    })
    .where(eq(authThrottles.key, key));
}

/** The unexpired rows of these keys. */
export function findThrottles(db: Database, keys: string[], now: Date): Promise<ThrottleState[]> {
  return db
    .select()
    .from(authThrottles)
    .where(and(inArray(authThrottles.key, keys), gt(authThrottles.expiresAt, now)));
}

/** Forgets a key (a successful sign-in ends its failure streak). */
export async function clearThrottle(db: Database, key: string): Promise<void> {
  await db.delete(authThrottles).where(eq(authThrottles.key, key));
}

/** Deletes rows that expired before the cutoff; returns how many. */
export async function pruneExpiredThrottles(db: Database, cutoff: Date): Promise<number> {
  const rows = await db.delete(authThrottles).where(lt(authThrottles.expiresAt, cutoff)).returning({ key: authThrottles.key });
  return rows.length;
}
