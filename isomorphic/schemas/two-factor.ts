// Two-factor sign-in (TOTP) settings of the signed-in user on the wire.
import { Type, type Static } from 'typebox';
import { DateTime, OrNull, PASSWORD_MAX } from './common.ts';

/** How many single-use recovery codes an enrolment hands out. */
export const RECOVERY_CODE_COUNT = 10;

export const TwoFactorStatus = Type.Object({
  enabled: Type.Boolean(),
  enabledAt: OrNull(DateTime),
  recoveryCodesLeft: Type.Integer(),
  /** Whether this account may not turn 2FA off (REQUIRE_2FA_FOR_SUPERADMINS and a superadmin). */
  required: Type.Boolean(),
});
export type TwoFactorStatus = Static<typeof TwoFactorStatus>;

/** A new secret for the authenticator app: as text to type in, and as the otpauth:// URI a QR code carries. */
export const TwoFactorSetupResponse = Type.Object({ secret: Type.String(), otpauthUri: Type.String() });
export type TwoFactorSetupResponse = Static<typeof TwoFactorSetupResponse>;

export const TwoFactorCode = Type.String({ minLength: 1, maxLength: 40 });

export const TwoFactorEnableBody = Type.Object({ code: TwoFactorCode }, { additionalProperties: false });

/** The recovery codes, shown once; access_token only when the enrolment was the second step of a sign-in. */
export const TwoFactorEnableResponse = Type.Object({
  recoveryCodes: Type.Array(Type.String()),
  access_token: Type.Optional(Type.String()),
  token_type: Type.Optional(Type.Literal('Bearer')),
  expires_in: Type.Optional(Type.Integer()),
});
export type TwoFactorEnableResponse = Static<typeof TwoFactorEnableResponse>;

/** Proof for turning 2FA off: the password, or a current code (TOTP or recovery code). */
export const TwoFactorDisableBody = Type.Object(
  { password: Type.Optional(Type.String({ minLength: 1, maxLength: PASSWORD_MAX })), code: Type.Optional(TwoFactorCode) },
  { additionalProperties: false },
);
