// Sign-in, two-factor sign-in and password reset on the wire.
import { Type, type Static } from 'typebox';
import { Email, PASSWORD_MAX, StringEnum } from './common.ts';

export const LoginBody = Type.Object(
  { email: Type.String({ minLength: 1, maxLength: 320 }), password: Type.String({ minLength: 1, maxLength: PASSWORD_MAX }) },
  { additionalProperties: false },
);

/** What a second step asks for: the code of an enrolled user, or enrolment first (2FA required, not set up). */
export const TWO_FACTOR_STEPS = ['code', 'enrol'] as const;
export type TwoFactorStep = (typeof TWO_FACTOR_STEPS)[number];

/**
 * A session (access_token, token_type, expires_in), or — when the password was right but a second step is due — no
 * session yet: two_factor says which step, challenge_token (valid expires_in seconds) is what that step sends.
 */
export const LoginResponse = Type.Object({
  access_token: Type.Optional(Type.String()),
  token_type: Type.Optional(Type.Literal('Bearer')),
  expires_in: Type.Integer(),
  two_factor: Type.Optional(StringEnum(TWO_FACTOR_STEPS)),
  challenge_token: Type.Optional(Type.String()),
});
export type LoginResponse = Static<typeof LoginResponse>;

/** The second step of a sign-in: the challenge from /auth/login and a 6-digit code or a recovery code. */
export const TwoFactorVerifyBody = Type.Object(
  { challenge_token: Type.String({ minLength: 1, maxLength: 2000 }), code: Type.String({ minLength: 1, maxLength: 40 }) },
  { additionalProperties: false },
);
/** The session a completed sign-in opens. */
export const SessionTokenResponse = Type.Object({
  access_token: Type.String(),
  token_type: Type.Literal('Bearer'),
  expires_in: Type.Integer(),
});

export const ForgotPasswordBody = Type.Object({ email: Email }, { additionalProperties: false });
export const ResetPasswordWithTokenBody = Type.Object(
  { token: Type.String({ minLength: 1, maxLength: 200 }), password: Type.String({ minLength: 1, maxLength: PASSWORD_MAX }) },
  { additionalProperties: false },
);
