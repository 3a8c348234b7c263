import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { decodeJwt } from 'jose';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/client.ts';
import { forbidden, unauthorized } from '../errors.ts';
import type { Caller } from '../services/auth/caller.ts';
import { withRequiredRoles } from '../openapi-audience.ts';
import { verifyUserToken, type Role, type TokenClaims } from '../services/auth/tokens.ts';
import { SessionUserCache } from '../services/auth/session-user-cache.ts';
import { findUserById } from '../services/users/users-repository.ts';
import { liveSessionIds } from '../services/auth/sessions-repository.ts';
import { LastSeenTracker } from '../services/auth/last-seen.ts';
import { API_TOKEN_PREFIX } from '../services/organisations/organisation-tokens.ts';
import { acceptedApiToken } from '../services/organisations/api-tokens-service.ts';
import { ApiTokenUsage } from '../services/organisations/api-token-usage.ts';

export interface AuthenticatedUser extends Caller {
  email: string;
  name: string;
  /** 'api-token' when an organisation API token (prt_…) authenticated the call; id is then 0. */
  via: 'session' | 'api-token';
  /** The user_sessions row of a signed-in user's token; null for an API token. */
  sessionId: string | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthenticatedUser | null;
  }
  interface FastifyInstance {
    /** preHandler: 401 unless a valid Bearer token of an existing user is sent. */
    authenticate: preHandlerAsyncHookHandler;
    /** preHandler: like authenticate, but also accepts an organisation API token (payments API). */
    authenticateOrApiToken: preHandlerAsyncHookHandler;
    /** preHandler: 403 unless the signed-in user has one of the roles. */
    requireRole(...roles: Role[]): preHandlerAsyncHookHandler;
  }
}

export interface AuthPluginOptions {
  db: Database;
  clock: Clock;
  jwtSecret: Uint8Array;
  /** How long a user's role, organisation and session version are reused; 0 reads them on every call. */
  sessionUserTtlMs?: number;
}

/** Resolves the caller from `Authorization: Bearer <jwt>`; role and organisation come from the database (reused for 2 s per process). */
export default fp<AuthPluginOptions>(
  async function authPlugin(app, { db, clock, jwtSecret, sessionUserTtlMs }) {
    app.decorateRequest('user', null);
    // One user lookup per TTL instead of per request; every user write invalidates it (session-user-cache.ts).
    const sessionUsers = new SessionUserCache(sessionUserTtlMs);
    app.addHook('onClose', async () => sessionUsers.close());
    const lastSeen = new LastSeenTracker(db, clock);
    const apiTokenUsage = new ApiTokenUsage(db, clock, (error) => app.log.warn({ err: error }, 'could not record an API token use'));
    app.addHook('onClose', async () => apiTokenUsage.settle());
    // A session sends the same token on every call: its signature is checked once, its expiry on every call.
    const verifiedTokens = new Map<string, { claims: TokenClaims; expiresAt: number }>();
    const claimsOf = async (token: string): Promise<TokenClaims | undefined> => {
      const known = verifiedTokens.get(token);
      if (known) {
        if (known.expiresAt > Math.floor(clock.now().getTime() / 1000)) return known.claims;
        verifiedTokens.delete(token);
        return undefined;
      }
      const claims = await verifyUserToken(jwtSecret, token, clock);
      const expiresAt = claims ? decodeJwt(token).exp : undefined;
      if (claims && typeof expiresAt === 'number') {
        if (verifiedTokens.size >= 10_000) verifiedTokens.clear();
        verifiedTokens.set(token, { claims, expiresAt });
      }
      return claims;
    };

    const bearerOf = (request: FastifyRequest) => {
      const header = request.headers.authorization;
      const token = header ? /^Bearer\s+(\S+)$/i.exec(header)?.[1] : undefined;
      if (!token) throw unauthorized('Authentication required: send Authorization: Bearer <token>.');
      return token;
    };

    async function authenticateOrApiToken(request: FastifyRequest, reply: FastifyReply): Promise<void> {
      const token = bearerOf(request);
      if (!token.startsWith(API_TOKEN_PREFIX)) return authenticate(request, reply);
      // A rolled token is refused from its expiry on (docs/security.md#api-tokens); nothing caches the answer.
      const accepted = await acceptedApiToken(db, clock, token);
      if (!accepted) throw unauthorized('This API token is not valid.');
      apiTokenUsage.noteUse(accepted.id, accepted.lastUsedAt);
      request.user = {
        id: 0,
        role: 'orgadmin',
        orgId: accepted.orgId,
        email: 'api-token',
        name: 'API token',
        via: 'api-token',
        sessionId: null,
      };
    }

    async function authenticate(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
      const token = bearerOf(request);
      if (token.startsWith(API_TOKEN_PREFIX))
        throw unauthorized('Organisation API tokens work only on the payments API; sign in for this.');
      const claims = await claimsOf(token);
      if (!claims) throw unauthorized('Your session is invalid or has expired. Please sign in again.');
      const user = await sessionUsers.lookup(claims.userId, async () => {
        const [row, sessionIds] = await Promise.all([findUserById(db, claims.userId), liveSessionIds(db, claims.userId, clock.now())]);
        // Only what a session needs is kept (never the password hash).
        return (
          row && {
            id: row.id,
            name: row.name,
            email: row.email,
            role: row.role,
            orgId: row.orgId,
            sessionVersion: row.sessionVersion,
            liveSessionIds: new Set(sessionIds),
          }
        );
      });
      // A password change or reset raises the version: every session issued before it ends. A revoked session's id
      // leaves the live set (and the cache, at once on this process).
      if (!user || claims.sessionVersion !== user.sessionVersion || !user.liveSessionIds.has(claims.sessionId)) {
        throw unauthorized('Your session is invalid or has expired. Please sign in again.');
      }
      await lastSeen.touch(claims.sessionId);
      request.user = {
        id: user.id,
        role: user.role,
        orgId: user.orgId,
        email: user.email,
        name: user.name,
        via: 'session',
        sessionId: claims.sessionId,
      };
    }

    app.decorate('authenticate', authenticate);
    app.decorate('authenticateOrApiToken', authenticateOrApiToken);
    app.decorate('requireRole', (...roles: Role[]) =>
      // The roles ride along so the OpenAPI document can tell superadmin-only routes apart (server/openapi-audience.ts).
      withRequiredRoles(async function requireRole(request: FastifyRequest) {
        if (!request.user) throw unauthorized();
        if (!roles.includes(request.user.role)) throw forbidden();
      }, roles),
    );
  },
  { name: 'auth' },
);

/** The signed-in caller of a route guarded by `authenticate`. */
export function callerOf(request: FastifyRequest): AuthenticatedUser {
  if (!request.user) throw unauthorized();
  return request.user;
}
