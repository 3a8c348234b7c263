import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from './client.ts';
import { isUniqueViolation } from './errors.ts';
import { hashPassword } from '../services/auth/passwords.ts';
import { countSuperadmins, insertUser } from '../services/users/users-repository.ts';

export const DEFAULT_ADMIN_EMAIL = 'admin@payrail.local';

/**
 * When no superadmin exists yet (e.g. an empty database, or only demo users), creates one from
 * ADMIN_EMAIL/ADMIN_PASSWORD, or with a random password, which it returns for the caller to show once.
 */
export async function ensureSuperadmin(
  db: Database,
  log: Pick<FastifyBaseLogger, 'info'>,
  admin: { email?: string | undefined; password?: string | undefined },
): Promise<{ email: string; generatedPassword: string } | undefined> {
  if ((await countSuperadmins(db)) > 0) return undefined;
  const email = admin.email ?? DEFAULT_ADMIN_EMAIL;
  const password = admin.password ?? randomBytes(12).toString('base64url');
  try {
    await insertUser(db, { name: 'Platform Admin', email, role: 'superadmin', orgId: null, passwordHash: await hashPassword(password) });
  } catch (error) {
    // Several API processes started at once on an empty database: another one created it first.
    if (isUniqueViolation(error) && (await countSuperadmins(db)) > 0) return undefined;
    throw error;
  }
  if (admin.password) {
    log.info(`Created superadmin ${email} with the password from ADMIN_PASSWORD.`);
    return undefined;
  }
  // Never logged: log lines are kept and shipped; the caller shows it once, apart from the log.
  log.info(`Created superadmin ${email} with a generated password (shown once, in the first-start banner).`);
  return { email, generatedPassword: password };
}
