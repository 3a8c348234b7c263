import { and, count, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { escapeLike } from '../../db/raw.ts';
import { organisations, users } from '../../db/schema.ts';
import { forgetSessionUser } from '../auth/session-user-cache.ts';
import type { Role } from '../auth/tokens.ts';

export interface UserRecord {
  id: number;
  name: string;
  email: string;
  role: Role;
  orgId: number | null;
  avatarUrl: string | null;
  passwordHash: string;
  passwordChangedAt: Date | null;
  sessionVersion: number;
  /** The sealed TOTP secret: an enrolment in progress while totpEnabledAt is null. */
  totpSecret: string | null;
  totpEnabledAt: Date | null;
  organisationName: string | null;
}

const userColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  role: users.role,
  orgId: users.orgId,
  avatarUrl: users.avatarUrl,
  passwordHash: users.passwordHash,
  passwordChangedAt: users.passwordChangedAt,
  sessionVersion: users.sessionVersion,
  totpSecret: users.totpSecret,
  totpEnabledAt: users.totpEnabledAt,
  organisationName: organisations.name,
};

const selectUsers = (db: Database) => db.select(userColumns).from(users).leftJoin(organisations, eq(organisations.id, users.orgId));

/** The user with this id, with its organisation's name. */
export async function findUserById(db: Database, id: number): Promise<UserRecord | undefined> {
  const [row] = await selectUsers(db).where(eq(users.id, id)).limit(1);
  return row;
}

/** The user with this e-mail, compared case-insensitively. */
export async function findUserByEmail(db: Database, email: string): Promise<UserRecord | undefined> {
  const [row] = await selectUsers(db)
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`)
    .limit(1);
  return row;
}

export interface NewUser {
  name: string;
  email: string;
  role: Role;
  orgId: number | null;
  passwordHash: string;
  avatarUrl?: string | null;
}

/** Inserts a user and returns its id. */
export async function insertUser(db: Database, user: NewUser): Promise<number> {
  const [row] = await db
    .insert(users)
    .values({ ...user, email: user.email.trim() })
    .returning({ id: users.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

/** Replaces a user's password hash and raises its session version (ending every session); returns the new version. */
export async function updatePasswordHash(db: Database, userId: number, passwordHash: string, changedAt: Date): Promise<number> {
  const [row] = await db
    .update(users)
    .set({ passwordHash, passwordChangedAt: changedAt, updatedAt: changedAt, sessionVersion: sql`${users.sessionVersion} + 1` })
    .where(eq(users.id, userId))
    .returning({ sessionVersion: users.sessionVersion });
  // Every write to a user drops it from the auth plugin's per-process cache (and keeps it out while a transaction commits).
  forgetSessionUser(userId);
  if (!row) throw new Error(`user ${userId} not found`);
  return row.sessionVersion;
}

/** Updates the profile fields a user may change about itself. */
export async function updateProfileFields(
  db: Database,
  userId: number,
  fields: { name?: string; avatarUrl?: string | null },
  updatedAt: Date,
): Promise<void> {
  await db
    .update(users)
    .set({ ...fields, updatedAt })
    .where(eq(users.id, userId));
  forgetSessionUser(userId);
}

/** One page of users (optionally of one organisation), newest first, filtered by name or e-mail. */
export async function listUsers(db: Database, options: { orgId?: number; search?: string | undefined; limit: number; offset: number }) {
  const conditions = [];
  if (options.orgId !== undefined) conditions.push(eq(users.orgId, options.orgId));
  const needle = options.search?.trim();
  if (needle) {
    const pattern = `%${escapeLike(needle)}%`;
    conditions.push(sql`(${users.name} ilike ${pattern} or ${users.email} ilike ${pattern})`);
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [items, totals] = await Promise.all([
    selectUsers(db).where(where).orderBy(desc(users.id)).limit(options.limit).offset(options.offset),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return { items: items as UserRecord[], total: totals[0]?.total ?? 0 };
}

/** How many superadmins exist (the last one may not be deleted). */
export async function countSuperadmins(db: Database): Promise<number> {
  const [row] = await db.select({ total: count() }).from(users).where(eq(users.role, 'superadmin'));
  return row?.total ?? 0;
}

/** Deletes a user; false when it did not exist. */
export async function deleteUser(db: Database, id: number): Promise<boolean> {
  const rows = await db.delete(users).where(eq(users.id, id)).returning({ id: users.id });
  forgetSessionUser(id);
  return rows.length > 0;
}

/** Stores a new, not yet enabled TOTP secret (sealed) for an enrolment; any earlier one is replaced. */
export async function setPendingTotpSecret(db: Database, userId: number, sealedSecret: string, now: Date): Promise<void> {
  await db
    .update(users)
    .set({ totpSecret: sealedSecret, totpEnabledAt: null, totpLastStep: null, updatedAt: now })
    .where(eq(users.id, userId));
  forgetSessionUser(userId);
}

/** Turns two-factor sign-in on, remembering the step of the code that proved it; false if no enrolment was pending. */
export async function enableTotp(db: Database, userId: number, step: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ totpEnabledAt: now, totpLastStep: step, updatedAt: now })
    .where(and(eq(users.id, userId), isNull(users.totpEnabledAt), sql`${users.totpSecret} is not null`))
    .returning({ id: users.id });
  forgetSessionUser(userId);
  return rows.length > 0;
}

/**
 * Records that the code of this time step was used; false when it (or a later one) already was. One conditional
 * UPDATE, so two concurrent uses of one code cannot both pass.
 */
export async function claimTotpStep(db: Database, userId: number, step: number): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.id, userId), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** Removes the TOTP secret (two-factor sign-in off, any enrolment cancelled). */
export async function clearTotp(db: Database, userId: number, now: Date): Promise<void> {
  await db.update(users).set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null, updatedAt: now }).where(eq(users.id, userId));
  forgetSessionUser(userId);
}
