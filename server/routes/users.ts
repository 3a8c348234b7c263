import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type Static } from 'typebox';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/client.ts';
import { unauthorized } from '../errors.ts';
import { callerOf } from '../plugins/auth.ts';
import { changePassword } from '../services/auth/auth-service.ts';
import { toPublicUser } from '../services/users/public-user.ts';
import { updateMyProfile } from '../services/users/profile-service.ts';
import { findUserById } from '../services/users/users-repository.ts';
import { PASSWORD_MAX, authErrors } from '../schemas/common.ts';

export const PublicUserSchema = Type.Object(
  {
    id: Type.Integer(),
    name: Type.String(),
    email: Type.String(),
    role: Type.String(),
    avatar: Type.Union([Type.String(), Type.Null()]),
    orgId: Type.Union([Type.Integer(), Type.Null()]),
    organisation: Type.Union([Type.Object({ id: Type.Integer(), name: Type.String() }), Type.Null()]),
  },
  { $id: 'User' },
);
const UserRef = Type.Unsafe<Static<typeof PublicUserSchema>>(Type.Ref('User'));

const ProfileBody = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    avatar: Type.Optional(Type.Union([Type.String({ maxLength: 2048 }), Type.Null()])),
  },
  { additionalProperties: false },
);
const ChangePasswordBody = Type.Object(
  { currentPassword: Type.String({ minLength: 1, maxLength: PASSWORD_MAX }), newPassword: Type.String({ minLength: 1, maxLength: PASSWORD_MAX }) },
  { additionalProperties: false },
);
const ChangePasswordResponse = Type.Object({ message: Type.String(), access_token: Type.String() });

/** The signed-in user's own profile and password. */
const userRoutes: FastifyPluginAsyncTypebox<{ db: Database; clock: Clock; jwtSecret: Uint8Array }> = async (app, { db, clock, jwtSecret }) => {
  app.addSchema(PublicUserSchema);

  app.get(
    '/users/me',
    {
      preHandler: app.authenticate,
      schema: { tags: ['users'], summary: 'The signed-in user', security: [{ bearer: [] }], response: { 200: UserRef, ...authErrors } },
    },
    async (request) => {
      const user = await findUserById(db, callerOf(request).id);
      if (!user) throw unauthorized();
      return toPublicUser(user);
    },
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
    async (request) => updateMyProfile(db, clock, callerOf(request).id, request.body),
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
      const token = await changePassword({ db, clock, jwtSecret }, callerOf(request).id, request.body.currentPassword, request.body.newPassword);
      return { message: 'Password changed successfully!', access_token: token };
    },
  );
};

export default userRoutes;
