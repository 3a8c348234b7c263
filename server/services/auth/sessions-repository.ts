import { and, asc, desc, eq, gt, isNull, lt, ne, or } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { userSessions } from '../../db/schema.ts';
import { forgetSessionUser } from './session-user-cache.ts';

export interface SessionRecord {
  id: string;
  userId: number;
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
  ip: string;
  userAgent: string;
}

const sessionColumns = {
  id: userSessions.id,
  userId: userSessions.userId,
  createdAt: userSessions.createdAt,
  lastSeenAt: userSessions.lastSeenAt,
  expiresAt: userSessions.expiresAt,
  ip: userSessions.ip,
  userAgent: userSessions.userAgent,
};

const liveOf = (userId: number, now: Date) =>
  and(eq(userSessions.userId, userId), isNull(userSessions.revokedAt), gt(userSessions.expiresAt, now));

/** Records a new sign-in. */
export async function insertSession(db: Database, session: SessionRecord): Promise<void> {
  await db.insert(userSessions).values(session);
  // The auth plugin caches a user's live session ids with the user: the new one must be seen at once.
  forgetSessionUser(session.userId);
}

/** The user's sessions that are neither revoked nor expired, most recently seen first. */
export async function listLiveSessions(db: Database, userId: number, now: Date): Promise<SessionRecord[]> {
  return db
    .select(sessionColumns)
    .from(userSessions)
    .where(liveOf(userId, now))
    .orderBy(desc(userSessions.lastSeenAt), asc(userSessions.id));
}

/** The ids of the user's live sessions (what the auth plugin checks a token's session id against). */
export async function liveSessionIds(db: Database, userId: number, now: Date): Promise<string[]> {
  const rows = await db.select({ id: userSessions.id }).from(userSessions).where(liveOf(userId, now));
  return rows.map((row) => row.id);
}

/** Revokes one live session of the user; false when there is none with this id. */
export async function revokeSession(db: Database, userId: number, sessionId: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(userSessions)
    .set({ revokedAt: now })
    .where(and(eq(userSessions.id, sessionId), liveOf(userId, now)))
    .returning({ id: userSessions.id });
  forgetSessionUser(userId);
  return rows.length > 0;
}

/** Revokes every live session of the user except `keepId` (all of them when it is null); returns how many. */
export async function revokeSessionsExcept(db: Database, userId: number, keepId: string | null, now: Date): Promise<number> {
  const condition = keepId === null ? liveOf(userId, now) : and(liveOf(userId, now), ne(userSessions.id, keepId));
  const rows = await db.update(userSessions).set({ revokedAt: now }).where(condition).returning({ id: userSessions.id });
  forgetSessionUser(userId);
  return rows.length;
}

/** Moves a live session's expiry (its token was re-issued). */
export async function renewSession(db: Database, userId: number, sessionId: string, expiresAt: Date): Promise<void> {
  await db
    .update(userSessions)
    .set({ expiresAt })
    .where(and(eq(userSessions.id, sessionId), eq(userSessions.userId, userId), isNull(userSessions.revokedAt)));
}

/** Moves last_seen_at to now unless it moved less than `minIntervalMs` ago (so each process writes at most that often). */
export async function touchSession(db: Database, sessionId: string, now: Date, minIntervalMs: number): Promise<void> {
  await db
    .update(userSessions)
    .set({ lastSeenAt: now })
    .where(and(eq(userSessions.id, sessionId), lt(userSessions.lastSeenAt, new Date(now.getTime() - minIntervalMs))));
}

/** Deletes sessions that expired or were revoked before the cutoff; returns how many. */
export async function pruneSessions(db: Database, cutoff: Date): Promise<number> {
  const rows = await db
    .delete(userSessions)
    .where(or(lt(userSessions.expiresAt, cutoff), lt(userSessions.revokedAt, cutoff)))
    .returning({ id: userSessions.id });
  return rows.length;
}
