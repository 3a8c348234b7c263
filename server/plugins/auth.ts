import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/client.ts';
import { forbidden, unauthorized } from '../errors.ts';
import type { Caller } from '../services/auth/scope.ts';
import { verifyUserToken, type Role } from '../services/auth/tokens.ts';
import { findUserById } from '../services/users/users-repository.ts';

export interface AuthenticatedUser extends Caller {
  email: string;
  name: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthenticatedUser | null;
  }
  interface FastifyInstance {
    /** preHandler: 401 unless a valid Bearer token of an existing user is sent. */
    authenticate: preHandlerAsyncHookHandler;
    /** preHandler: 403 unless the signed-in user has one of the roles. */
    requireRole(...roles: Role[]): preHandlerAsyncHookHandler;
  }
}

export interface AuthPluginOptions {
  db: Database;
  clock: Clock;
  jwtSecret: Uint8Array;
}

/** Resolves the caller from `Authorization: Bearer <jwt>`; role and organisation come from the database. */
export default fp<AuthPluginOptions>(
  async function authPlugin(app, { db, clock, jwtSecret }) {
    app.decorateRequest('user', null);

    async function authenticate(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
      const header = request.headers.authorization;
      const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
      if (!match?.[1]) throw unauthorized('Authentication required: send Authorization: Bearer <token>.');
      const claims = await verifyUserToken(jwtSecret, match[1], clock);
      if (!claims) throw unauthorized('Your session is invalid or has expired. Please sign in again.');
      const user = await findUserById(db, claims.userId);
      // A password change after the token was issued signs that session out.
      const changedAt = user?.passwordChangedAt;
      if (!user || (changedAt && claims.issuedAt < Math.floor(changedAt.getTime() / 1000))) {
        throw unauthorized('Your session is invalid or has expired. Please sign in again.');
      }
      request.user = { id: user.id, role: user.role, orgId: user.orgId, email: user.email, name: user.name };
    }

    app.decorate('authenticate', authenticate);
    app.decorate('requireRole', (...roles: Role[]) => {
      return async function requireRole(request: FastifyRequest) {
        if (!request.user) throw unauthorized();
        if (!roles.includes(request.user.role)) throw forbidden();
      };
    });
  },
  { name: 'auth' },
);

/** The signed-in caller of a route guarded by `authenticate`. */
export function callerOf(request: FastifyRequest): AuthenticatedUser {
  if (!request.user) throw unauthorized();
  return request.user;
}
