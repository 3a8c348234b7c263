import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/client.ts';
import type { FastifyRequest } from 'fastify';
import { auditActorOf } from '../plugins/audit-actor.ts';
import { callerOf } from '../plugins/auth.ts';
import { endOtherSessions, listMySessions, revokeMySession } from '../services/auth/sessions-service.ts';
import { MessageResponse, authErrors } from '../../isomorphic/schemas/common.ts';
import { RevokedSessionsResponse, SessionIdParams, SessionList } from '../../isomorphic/schemas/sessions.ts';

/** The signed-in user acting on their own sessions, for the audit trail. */
const ownActor = (request: FastifyRequest) => ({ ...auditActorOf(request), userId: callerOf(request).id });

/** The signed-in user's own sessions: list, revoke one, revoke all the others. */
const sessionRoutes: FastifyPluginAsyncTypebox<{ db: Database; clock: Clock }> = async (app, { db, clock }) => {
  const common = { tags: ['auth'], security: [{ bearer: [] }] };

  app.get(
    '/auth/sessions',
    {
      preHandler: app.authenticate,
      schema: {
        ...common,
        summary: 'Your active sessions (device, address, created, last seen)',
        response: { 200: SessionList, ...authErrors },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      return { items: await listMySessions(db, clock, caller.id, caller.sessionId) };
    },
  );

  app.delete(
    '/auth/sessions/:id',
    {
      preHandler: app.authenticate,
      schema: {
        ...common,
        summary: 'End one of your sessions',
        params: SessionIdParams,
        response: { 200: MessageResponse, ...authErrors },
      },
    },
    async (request) => {
      await revokeMySession(db, clock, ownActor(request), request.params.id);
      return { message: 'Session revoked.' };
    },
  );

  app.post(
    '/auth/logout',
    {
      preHandler: app.authenticate,
      schema: {
        ...common,
        summary: 'Sign out: end this session (its token stops working at once)',
        response: { 200: MessageResponse, ...authErrors },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      if (caller.sessionId !== null) await revokeMySession(db, clock, ownActor(request), caller.sessionId, 'auth.sign-out');
      return { message: 'Signed out.' };
    },
  );

  app.post(
    '/auth/sessions/revoke-others',
    {
      preHandler: app.authenticate,
      schema: { ...common, summary: 'End all your sessions but this one', response: { 200: RevokedSessionsResponse, ...authErrors } },
    },
    async (request) => {
      const caller = callerOf(request);
      const revoked = await endOtherSessions(db, clock, ownActor(request), caller.sessionId);
      return { message: revoked === 1 ? '1 other session revoked.' : `${revoked} other sessions revoked.`, revoked };
    },
  );
};

export default sessionRoutes;
