import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { organisations, users } from '../../db/schema.ts';
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
  organisationName: organisations.name,
};

const selectUsers = (db: Database) => db.select(userColumns).from(users).leftJoin(organisations, eq(organisations.id, users.orgId));

/** The user with this id, with its organisation's name. */
export async function findUserById(db: Database, id: number): Promise<UserRecord | undefined> {
  const [row] = await selectUsers(db).where(eq(users.id, id)).limit(1);
  return row as UserRecord | undefined;
}

/** The user with this e-mail, compared case-insensitively. */
export async function findUserByEmail(db: Database, email: string): Promise<UserRecord | undefined> {
  const [row] = await selectUsers(db)
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`)
    .limit(1);
  return row as UserRecord | undefined;
}

/** Whether any user exists (first start creates the superadmin). */
export async function hasAnyUser(db: Database): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).limit(1);
  return rows.length > 0;
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

/** Replaces a user's password hash and signs out its older sessions. */
export async function updatePasswordHash(db: Database, userId: number, passwordHash: string, changedAt: Date): Promise<void> {
  await db.update(users).set({ passwordHash, passwordChangedAt: changedAt, updatedAt: changedAt }).where(eq(users.id, userId));
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
}
