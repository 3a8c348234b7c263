import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { badRequest, conflict, forbidden, notFound } from '../../errors.ts';
import { assertPasswordLength } from '../auth/auth-service.ts';
import { hashPassword } from '../auth/passwords.ts';
import { invalidateUserResets } from '../auth/password-resets-repository.ts';
import { revokeSessionsExcept } from '../auth/sessions-repository.ts';
import { clearTwoFactor } from '../auth/two-factor-service.ts';
import type { Caller } from '../auth/caller.ts';
import { changesBetween, recordAudit, type AuditActor } from '../audit/audit-service.ts';
import type { Role } from '../auth/tokens.ts';
import { findOrganisation } from '../organisations/organisations-repository.ts';
import { normaliseAvatarUrl } from './profile-service.ts';
import { toPublicUser, type PublicUser } from './public-user.ts';
import * as rows from './users-repository.ts';

export const NEW_PASSWORD_TOO_SHORT = 'New password must be at least 8 characters long.';

/** Users the caller may manage: a superadmin everyone, an orgadmin only its organisation's. */
async function findManageableUser(db: Database, caller: Caller, id: number): Promise<rows.UserRecord> {
  const user = await rows.findUserById(db, id);
  if (!user || (caller.role !== 'superadmin' && (caller.orgId === null || user.orgId !== caller.orgId))) throw notFound('User not found.');
  return user;
}

/** A page of users: all of them (superadmin) or one organisation's. */
export async function listUsers(
  db: Database,
  scope: { orgId?: number },
  options: { page: number; pageSize: number; search?: string | undefined },
) {
  const { items, total } = await rows.listUsers(db, {
    ...scope,
    search: options.search,
    limit: options.pageSize,
    offset: (options.page - 1) * options.pageSize,
  });
  return { items: items.map(toPublicUser), total, page: options.page, pageSize: options.pageSize };
}

/**
 * Creates a user. An orgadmin creates orgadmins of its own organisation only; a superadmin names the
 * organisation of an orgadmin, or creates another superadmin (no organisation).
 */
export async function createUser(
  db: Database,
  clock: Clock,
  caller: Caller,
  actor: AuditActor,
  input: { name: string; email: string; password: string; role?: Role | undefined; orgId?: number | null | undefined },
): Promise<PublicUser> {
  const role = input.role ?? 'orgadmin';
  let orgId: number | null;
  if (caller.role !== 'superadmin') {
    if (role !== 'orgadmin') throw forbidden('Only a superadmin can create superadmins.');
    if (caller.orgId === null || (input.orgId != null && input.orgId !== caller.orgId)) throw notFound('Organisation not found.');
    orgId = caller.orgId;
  } else if (role === 'superadmin') {
    if (input.orgId != null) throw badRequest('A superadmin does not belong to an organisation.');
    orgId = null;
  } else {
    if (input.orgId == null) throw badRequest('Choose the organisation of the new user.');
    if (!(await findOrganisation(db, input.orgId))) throw badRequest('Unknown organisation.');
    orgId = input.orgId;
  }
  const name = input.name.trim();
  if (name === '') throw badRequest('Name is required.');
  assertPasswordLength(input.password);
  if (await rows.findUserByEmail(db, input.email)) throw conflict('A user with this email already exists.');
  try {
    const passwordHash = await hashPassword(input.password);
    const id = await db.transaction(async (tx) => {
      const inserted = await rows.insertUser(tx, { name, email: input.email, role, orgId, passwordHash });
      const changes = changesBetween(null, { name, email: input.email, role, orgId, password: input.password });
      await recordAudit(tx, clock, actor, { action: 'user.create', targetType: 'user', targetId: inserted, orgId, changes });
      return inserted;
    });
    const created = await rows.findUserById(db, id);
    if (!created) throw new Error('user vanished after insert');
    return toPublicUser(created);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('A user with this email already exists.');
    throw error;
  }
}

/** Changes a user's name and avatar. */
export async function updateUser(
  db: Database,
  clock: Clock,
  caller: Caller,
  id: number,
  input: { name?: string | undefined; avatar?: string | null | undefined },
  actor: AuditActor,
): Promise<PublicUser> {
  const before = await findManageableUser(db, caller, id);
  const fields: { name?: string; avatarUrl?: string | null } = {};
  if (input.name !== undefined) {
    fields.name = input.name.trim();
    if (fields.name === '') throw badRequest('Name is required.');
  }
  if (input.avatar !== undefined) fields.avatarUrl = normaliseAvatarUrl(input.avatar);
  await db.transaction(async (tx) => {
    await rows.updateProfileFields(tx, id, fields, clock.now());
    const changes = changesBetween(before, fields, Object.keys(fields));
    await recordAudit(tx, clock, actor, { action: 'user.update', targetType: 'user', targetId: id, orgId: before.orgId, changes });
  });
  return toPublicUser(await findManageableUser(db, caller, id));
}

/**
 * Sets another user's password (the admin "reset" of a user): every session of that user ends, its e-mailed reset
 * links are cancelled and its two-factor sign-in is cleared, so a user who lost the phone can enrol again.
 */
export async function resetUserPassword(
  db: Database,
  clock: Clock,
  caller: Caller,
  id: number,
  newPassword: string,
  actor: AuditActor,
): Promise<void> {
  const user = await findManageableUser(db, caller, id);
  if (id === caller.id) throw badRequest('Use Change Password for your own account.');
  if (newPassword.length < 8) throw badRequest(NEW_PASSWORD_TOO_SHORT);
  const passwordHash = await hashPassword(newPassword);
  await db.transaction(async (tx) => {
    const now = clock.now();
    await rows.updatePasswordHash(tx, id, passwordHash, now);
    await invalidateUserResets(tx, id, now);
    await clearTwoFactor(tx, id, now);
    await revokeSessionsExcept(tx, id, null, now);
    const changes = { password: { before: 'set', after: newPassword }, twoFactor: { before: user.totpEnabledAt !== null, after: false } };
    await recordAudit(tx, clock, actor, { action: 'user.password.reset', targetType: 'user', targetId: id, orgId: user.orgId, changes });
  });
}

/** Deletes a user; never yourself, never the last superadmin. */
export async function deleteUser(db: Database, clock: Clock, caller: Caller, id: number, actor: AuditActor): Promise<void> {
  const user = await findManageableUser(db, caller, id);
  if (user.id === caller.id) throw badRequest('You cannot delete your own account.');
  if (user.role === 'superadmin' && (await rows.countSuperadmins(db)) <= 1) throw badRequest('The last superadmin cannot be deleted.');
  await db.transaction(async (tx) => {
    await rows.deleteUser(tx, id);
    const changes = changesBetween({ name: user.name, email: user.email, role: user.role, orgId: user.orgId }, null);
    await recordAudit(tx, clock, actor, { action: 'user.delete', targetType: 'user', targetId: id, orgId: user.orgId, changes });
  });
}
