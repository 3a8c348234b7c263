import type { Clock } from '../../clock.ts';
import { changesBetween, recordAudit, type AuditActor } from '../audit/audit-service.ts';
import type { Database } from '../../db/client.ts';
import { badRequest, unauthorized } from '../../errors.ts';
import { toPublicUser, type PublicUser } from './public-user.ts';
import { findUserById, updateProfileFields } from './users-repository.ts';

/** Accepts absolute http(s) URLs and uploaded-file paths (/api/files/…); anything else is refused. */
export function normaliseAvatarUrl(avatar: string | null): string | null {
  if (avatar === null || avatar.trim() === '') return null;
  const value = avatar.trim();
  if (/^\/api\/files\/[A-Za-z0-9_-]+$/.test(value)) return value;
  try {
    const url = new URL(value);
    if (url.protocol === 'http:' || url.protocol === 'https:') return url.toString();
  } catch {
    // fall through to the error below
  }
  throw badRequest('Image must be an http(s) URL or an uploaded file (/api/files/…).');
}

/** The signed-in user's own profile; an account deleted since sign-in is 401. */
export async function getMyProfile(db: Database, userId: number): Promise<PublicUser> {
  const user = await findUserById(db, userId);
  if (!user) throw unauthorized();
  return toPublicUser(user);
}

/** Updates the caller's own name and avatar and returns the updated profile. */
export async function updateMyProfile(
  db: Database,
  clock: Clock,
  userId: number,
  changes: { name?: string | undefined; avatar?: string | null | undefined },
  actor: AuditActor,
): Promise<PublicUser> {
  const fields: { name?: string; avatarUrl?: string | null } = {};
  if (changes.name !== undefined) {
    const name = changes.name.trim();
    if (name === '') throw badRequest('Name is required.');
    fields.name = name;
  }
  if (changes.avatar !== undefined) fields.avatarUrl = normaliseAvatarUrl(changes.avatar);
  if (Object.keys(fields).length > 0) {
    const before = await findUserById(db, userId);
    await db.transaction(async (tx) => {
      await updateProfileFields(tx, userId, fields, clock.now());
      const changed = changesBetween(before, fields, Object.keys(fields));
      const entry = { action: 'user.profile.update', targetType: 'user', targetId: userId, orgId: before?.orgId ?? null, changes: changed };
      await recordAudit(tx, clock, actor, entry);
    });
  }
  return getMyProfile(db, userId);
}
