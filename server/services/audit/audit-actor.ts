import type { AuditActorKind } from '../../../isomorphic/schemas/audit.ts';

/** Who or what made a change, and from where: built once per request (server/plugins/audit-actor.ts) or per job. */
export interface AuditActor {
  kind: AuditActorKind;
  /** The console user; null for every other kind. */
  userId: number | null;
  /** A snapshot of who it was ("Name <e-mail>", "API token of organisation 3"): users are renamed and deleted. */
  label: string | null;
  role: string | null;
  clientAddress: string | null;
  userAgent: string | null;
}

/** The background jobs (reconciling, retention). */
export const WORKER_ACTOR: AuditActor = {
  kind: 'worker',
  userId: null,
  label: 'Payrail worker',
  role: null,
  clientAddress: null,
  userAgent: null,
};

/** Start-up work (seeding, demo data) and anything no request or job asked for. */
export const SYSTEM_ACTOR: AuditActor = { ...WORKER_ACTOR, kind: 'system', label: 'Payrail' };

/** The actor of a change a known user makes on their own account from `from`'s address (sign-in, 2FA, sessions). */
export function actingUser(from: AuditActor, user: { id: number; name: string; email: string; role: string }): AuditActor {
  return { ...from, kind: 'user', userId: user.id, label: `${user.name} <${user.email}>`, role: user.role };
}
