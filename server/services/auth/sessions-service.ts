import { randomBytes } from 'node:crypto';
import type { AuditActor } from '../audit/audit-actor.ts';
import { recordAudit } from '../audit/audit-service.ts';
import { findUserById } from '../users/users-repository.ts';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import type { Role } from '../../../isomorphic/schemas/users.ts';
import type { Session } from '../../../isomorphic/schemas/sessions.ts';
import { insertSession, listLiveSessions, renewSession, revokeSession, revokeSessionsExcept } from './sessions-repository.ts';
import { TOKEN_LIFETIME_SECONDS, signUserToken } from './tokens.ts';
import { describeDevice } from './user-agent.ts';

/** Where a sign-in came from, as the sessions list shows it. */
export interface ClientInfo {
  ip: string;
  userAgent: string;
}

export interface SessionContext {
  db: Database;
  clock: Clock;
  jwtSecret: Uint8Array;
}

/** The user fields a session token carries. */
export interface SessionSubject {
  id: number;
  role: Role;
  orgId: number | null;
  sessionVersion: number;
}

const USER_AGENT_MAX = 500;

/** Opens a session (a user_sessions row) and returns its token. */
export async function startSession(ctx: SessionContext, user: SessionSubject, client: ClientInfo): Promise<string> {
  const now = ctx.clock.now();
  const id = randomBytes(16).toString('base64url');
  await insertSession(ctx.db, {
    id,
    userId: user.id,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + TOKEN_LIFETIME_SECONDS * 1000),
    ip: client.ip.slice(0, 64),
    userAgent: client.userAgent.slice(0, USER_AGENT_MAX),
  });
  return signUserToken(
    ctx.jwtSecret,
    { userId: user.id, role: user.role, orgId: user.orgId, sessionVersion: user.sessionVersion, sessionId: id },
    ctx.clock,
  );
}

/** A fresh token for a session that goes on (after the user's own password change); the session lives as long as it. */
export async function renewSessionToken(ctx: SessionContext, user: SessionSubject, sessionId: string): Promise<string> {
  const now = ctx.clock.now();
  await renewSession(ctx.db, user.id, sessionId, new Date(now.getTime() + TOKEN_LIFETIME_SECONDS * 1000));
  return signUserToken(
    ctx.jwtSecret,
    { userId: user.id, role: user.role, orgId: user.orgId, sessionVersion: user.sessionVersion, sessionId },
    ctx.clock,
  );
}

/** The user's live sessions, the current one flagged. */
export async function listMySessions(db: Database, clock: Clock, userId: number, currentSessionId: string | null): Promise<Session[]> {
  const rows = await listLiveSessions(db, userId, clock.now());
  return rows.map((row) => ({
    id: row.id,
    device: describeDevice(row.userAgent),
    userAgent: row.userAgent,
    address: row.ip,
    createdAt: row.createdAt,
    lastSeenAt: row.lastSeenAt,
    current: row.id === currentSessionId,
  }));
}

/**
 * Ends one of the user's own sessions (the current one too: `auth.sign-out`); 404 for any other id. Audited by
 * `actor` (the request's user).
 */
export async function revokeMySession(
  db: Database,
  clock: Clock,
  actor: AuditActor & { userId: number },
  sessionId: string,
  action: 'auth.session.revoke' | 'auth.sign-out' = 'auth.session.revoke',
): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await revokeSession(tx, actor.userId, sessionId, clock.now()))) throw notFound('Session not found.');
    await recordAudit(tx, clock, actor, { action, targetType: 'session', targetId: sessionId, orgId: await orgOfUser(tx, actor.userId) });
  });
}

/** Ends every session of the user but `keepSessionId` (every one when null); returns how many ended. Audited. */
export async function endOtherSessions(
  db: Database,
  clock: Clock,
  actor: AuditActor & { userId: number },
  keepSessionId: string | null,
): Promise<number> {
  return db.transaction(async (tx) => {
    const revoked = await revokeSessionsExcept(tx, actor.userId, keepSessionId, clock.now());
    await recordAudit(tx, clock, actor, {
      action: 'auth.session.revoke-others',
      targetType: 'user',
      targetId: actor.userId,
      orgId: await orgOfUser(tx, actor.userId),
      changes: { sessionsEnded: { before: null, after: revoked } },
    });
    return revoked;
  });
}

/** The organisation of a user (null: a superadmin), for the audit entry's organisation. */
async function orgOfUser(db: Database, userId: number): Promise<number | null> {
  return (await findUserById(db, userId))?.orgId ?? null;
}
