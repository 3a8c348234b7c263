import type { Static } from 'typebox';
import type { User } from '../../../isomorphic/schemas/users.ts';
import type { UserRecord } from './users-repository.ts';

/** The user as the API shows it (isomorphic/schemas/users.ts). */
export type PublicUser = Static<typeof User>;

/** The user as the API shows it: no hash, organisation as an object. */
export function toPublicUser(user: UserRecord): PublicUser {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    role: user.role,
    avatar: user.avatarUrl,
    orgId: user.orgId,
    organisation: user.orgId !== null && user.organisationName !== null ? { id: user.orgId, name: user.organisationName } : null,
  };
}
