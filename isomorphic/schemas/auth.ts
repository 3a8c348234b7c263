// Sign-in and password reset on the wire.
import { Type } from 'typebox';
import { Email, PASSWORD_MAX } from './common.ts';

export const LoginBody = Type.Object(
  { email: Type.String({ minLength: 1, maxLength: 320 }), password: Type.String({ minLength: 1, maxLength: PASSWORD_MAX }) },
  { additionalProperties: false },
);
export const LoginResponse = Type.Object({ access_token: Type.String(), token_type: Type.Literal('Bearer'), expires_in: Type.Integer() });
export const ForgotPasswordBody = Type.Object({ email: Email }, { additionalProperties: false });
export const ResetPasswordWithTokenBody = Type.Object(
  { token: Type.String({ minLength: 1, maxLength: 200 }), password: Type.String({ minLength: 1, maxLength: PASSWORD_MAX }) },
  { additionalProperties: false },
);
