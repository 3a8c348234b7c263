import { and, eq, gt, isNull, lt, or } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { passwordResets } from '../../db/schema.ts';

/** Stores a reset request by the hash of its token. */
export async function insertPasswordReset(db: Database, reset: { userId: number; tokenHash: string; expiresAt: Date; createdAt: Date }) {
  await db.insert(passwordResets).values(reset);
}

/**
 * Marks the unused, unexpired reset with this token hash as used and returns its user id.
 * One atomic UPDATE, so two concurrent uses of one token cannot both succeed.
 */
export async function consumePasswordReset(db: Database, tokenHash: string, now: Date): Promise<number | undefined> {
  const [row] = await db
    .update(passwordResets)
    .set({ usedAt: now })
    .where(and(eq(passwordResets.tokenHash, tokenHash), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now)))
    .returning({ userId: passwordResets.userId });
  return row?.userId;
}

/** Invalidates every outstanding reset of a user (after a successful reset or password change). */
export async function invalidateUserResets(db: Database, userId: number, now: Date): Promise<void> {
  await db
    .update(passwordResets)
    .set({ usedAt: now })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
}

/** Deletes used or expired resets older than the cutoff; returns how many. */
export async function pruneExpiredResets(db: Database, cutoff: Date): Promise<number> {
  const rows = await db
    .delete(passwordResets)
    .where(or(lt(passwordResets.expiresAt, cutoff), lt(passwordResets.usedAt, cutoff)))
    .returning({ id: passwordResets.id });
  return rows.length;
}
