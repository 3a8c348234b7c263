import type { UserRecord } from './users-repository.ts';

export interface PublicUser {
  id: number;
  name: string;
  email: string;
  role: string;
  avatar: string | null;
  orgId: number | null;
  organisation: { id: number; name: string } | null;
}

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
