// A user's wire shape, the profile and password bodies, and user administration.
import { Type, type Static } from 'typebox';
import { DatabaseId, Email, OrNull, PASSWORD_MAX, StringEnum } from './common.ts';
import { PageQuery } from './pagination.ts';

/** Who may do what: a superadmin runs the platform, an orgadmin one organisation (the users table checks the same two). */
export const ROLES = ['superadmin', 'orgadmin'] as const;
export type Role = (typeof ROLES)[number];

export const User = Type.Object(
  {
    id: Type.Integer(),
    name: Type.String(),
    email: Type.String(),
    role: StringEnum(ROLES),
    avatar: OrNull(Type.String()),
    orgId: OrNull(Type.Integer()),
    organisation: Type.Union([Type.Object({ id: Type.Integer(), name: Type.String() }), Type.Null()]),
  },
  { $id: 'User' },
);
/** A reference to the registered `User` schema (the route plugin adds it once). */
export const UserRef = Type.Unsafe<Static<typeof User>>(Type.Ref('User'));

export const ProfileBody = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    avatar: Type.Optional(Type.Union([Type.Null(), Type.String({ maxLength: 2048 })])),
  },
  { additionalProperties: false },
);
export const ChangePasswordBody = Type.Object(
  {
    currentPassword: Type.String({ minLength: 1, maxLength: PASSWORD_MAX }),
    newPassword: Type.String({ minLength: 1, maxLength: PASSWORD_MAX }),
  },
  { additionalProperties: false },
);
export const ChangePasswordResponse = Type.Object({ message: Type.String(), access_token: Type.String() });
export const UserListQuery = Type.Object(
  { ...PageQuery, query: Type.Optional(Type.String({ maxLength: 200 })) },
  { additionalProperties: false },
);
export const CreateUserBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 200 }),
    email: Email,
    password: Type.String({ minLength: 1, maxLength: PASSWORD_MAX }),
    role: Type.Optional(Type.Union([Type.Literal('orgadmin'), Type.Literal('superadmin')], { default: 'orgadmin' })),
    orgId: Type.Optional(Type.Union([Type.Null(), DatabaseId()])),
  },
  { additionalProperties: false },
);
export const ResetPasswordBody = Type.Object(
  { newPassword: Type.String({ minLength: 1, maxLength: PASSWORD_MAX }) },
  { additionalProperties: false },
);
