import { sql } from 'drizzle-orm';
import type { Database } from './client.ts';
import { organisations } from './schema.ts';
import { hashPassword } from '../services/auth/passwords.ts';
import { findUserByEmail, insertUser } from '../services/users/users-repository.ts';

export const DEMO_ORGANISATION = { name: 'Demo Organisation', code: 'DEMO', email: 'payments@demo.payrail.local' };
export const DEMO_ORGADMIN_EMAIL = 'orgadmin@demo.payrail.local';

/**
 * Adds the demo organisation and its orgadmin (idempotent), so a newcomer can sign in as both roles.
 * Later capabilities extend the demo with gateways and payments.
 */
export async function seedDemo(db: Database, orgadminPassword: string): Promise<{ orgId: number; created: boolean }> {
  const [existing] = await db
    .select({ id: organisations.id })
    .from(organisations)
    .where(sql`upper(${organisations.code}) = ${DEMO_ORGANISATION.code}`)
    .limit(1);
  const orgId = existing?.id ?? (await db.insert(organisations).values(DEMO_ORGANISATION).returning({ id: organisations.id }))[0]?.id;
  if (orgId === undefined) throw new Error('could not create the demo organisation');
  if (await findUserByEmail(db, DEMO_ORGADMIN_EMAIL)) return { orgId, created: false };
  await insertUser(db, {
    name: 'Demo Org Admin',
    email: DEMO_ORGADMIN_EMAIL,
    role: 'orgadmin',
    orgId,
    passwordHash: await hashPassword(orgadminPassword),
  });
  return { orgId, created: true };
}
