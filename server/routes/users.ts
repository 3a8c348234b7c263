import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Clock } from '../clock.ts';
import { auditActorOf } from '../plugins/audit-actor.ts';
import type { Database } from '../db/client.ts';
import { callerOf } from '../plugins/auth.ts';
import { changePassword } from '../services/auth/auth-service.ts';
import { getMyProfile, updateMyProfile } from '../services/users/profile-service.ts';
import { MessageResponse, authErrors, IdParams } from '../../isomorphic/schemas/common.ts';
import { ListOf, pageOf } from '../../isomorphic/schemas/pagination.ts';
import {
  ChangePasswordBody,
  ChangePasswordResponse,
  CreateUserBody,
  ProfileBody,
  ResetPasswordBody,
  User,
  UserListQuery,
  UserRef,
} from '../../isomorphic/schemas/users.ts';
import { createUser, deleteUser, listUsers, resetUserPassword, updateUser } from '../services/users/users-admin-service.ts';
import { notFound, unauthorized } from '../errors.ts';

/** The signed-in user's own profile and password. */
const userRoutes: FastifyPluginAsyncTypebox<{ db: Database; clock: Clock; jwtSecret: Uint8Array }> = async (
  app,
  { db, clock, jwtSecret },
) => {
  app.addSchema(User);

  app.get(
    '/users/me',
    {
      preHandler: app.authenticate,
      schema: { tags: ['users'], summary: 'The signed-in user', security: [{ bearer: [] }], response: { 200: UserRef, ...authErrors } },
    },
    async (request) => getMyProfile(db, callerOf(request).id),
  );

  app.patch(
    '/users/me/profile',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['users'],
        summary: 'Change your own name and avatar',
        security: [{ bearer: [] }],
        body: ProfileBody,
        response: { 200: UserRef, ...authErrors },
      },
    },
    async (request) => updateMyProfile(db, clock, callerOf(request).id, request.body, auditActorOf(request)),
  );

  app.post(
    '/users/change-password',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['users'],
        summary: 'Change your own password (other sessions are signed out; a fresh token is returned)',
        security: [{ bearer: [] }],
        body: ChangePasswordBody,
        response: { 200: ChangePasswordResponse, ...authErrors },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      if (caller.sessionId === null) throw unauthorized();
      const token = await changePassword(
        { db, clock, jwtSecret },
        caller.id,
        caller.sessionId,
        request.body.currentPassword,
        request.body.newPassword,
        auditActorOf(request),
      );
      return { message: 'Password changed successfully!', access_token: token };
    },
  );

  const common = { tags: ['users'], security: [{ bearer: [] }] };
  const withConflicts = { ...authErrors, 409: authErrors[400] };

  app.get(
    '/users',
    {
      preHandler: [app.authenticate, app.requireRole('superadmin')],
      schema: {
        ...common,
        summary: 'All users of the platform (search by name or e-mail)',
        querystring: UserListQuery,
        response: { 200: ListOf(UserRef), ...authErrors },
      },
    },
    async (request) => listUsers(db, {}, { ...pageOf(request.query), search: request.query.query }),
  );

  app.get(
    '/users/my-organisation',
    {
      preHandler: app.authenticate,
      schema: {
        ...common,
        summary: 'Users of your organisation',
        querystring: UserListQuery,
        response: { 200: ListOf(UserRef), ...authErrors },
      },
    },
    async (request) => {
      const orgId = callerOf(request).orgId;
      if (orgId === null) throw notFound('You do not belong to an organisation.');
      return listUsers(db, { orgId }, { ...pageOf(request.query), search: request.query.query });
    },
  );

  app.post(
    '/users',
    {
      preHandler: app.authenticate,
      schema: {
        ...common,
        summary: 'Create a user (orgadmins: in their own organisation; superadmins: choose orgId, or role superadmin)',
        body: CreateUserBody,
        response: { 201: UserRef, ...withConflicts },
      },
    },
    async (request, reply) => reply.code(201).send(await createUser(db, clock, callerOf(request), auditActorOf(request), request.body)),
  );

  app.patch(
    '/users/:id',
    {
      preHandler: app.authenticate,
      schema: {
        ...common,
        summary: "Change a user's name and avatar",
        params: IdParams,
        body: ProfileBody,
        response: { 200: UserRef, ...authErrors },
      },
    },
    async (request) => updateUser(db, clock, callerOf(request), request.params.id, request.body, auditActorOf(request)),
  );

  app.post(
    '/users/:id/reset-password',
    {
      preHandler: app.authenticate,
      schema: {
        ...common,
        summary: "Set another user's password (signs that user out everywhere and turns off their two-factor sign-in)",
        params: IdParams,
        body: ResetPasswordBody,
        response: { 200: MessageResponse, ...authErrors },
      },
    },
    async (request) => {
      await resetUserPassword(db, clock, callerOf(request), request.params.id, request.body.newPassword, auditActorOf(request));
      return { message: 'Password updated.' };
    },
  );

  app.delete(
    '/users/:id',
    {
      preHandler: app.authenticate,
      schema: { ...common, summary: 'Delete a user', params: IdParams, response: { 200: MessageResponse, ...authErrors } },
    },
    async (request) => {
      await deleteUser(db, clock, callerOf(request), request.params.id, auditActorOf(request));
      return { message: 'User deleted.' };
    },
  );
};

export default userRoutes;
