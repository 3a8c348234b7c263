import type { Static } from 'typebox';
import type { SessionTokenResponse } from '../../../isomorphic/schemas/auth.ts';
import type { TwoFactorEnableResponse, TwoFactorSetupResponse, TwoFactorStatus } from '../../../isomorphic/schemas/two-factor.ts';
import { apiGet, apiPost, type RequestOptions } from './client.ts';
import type { MessageResponse } from './types.ts';

export type { TwoFactorEnableResponse, TwoFactorSetupResponse, TwoFactorStatus };

/** A sign-in's enrolment challenge rides as the bearer in place of a session (REQUIRE_2FA_FOR_SUPERADMINS). */
const asChallenge = (challengeToken: string | undefined): RequestOptions =>
  challengeToken ? { headers: { Authorization: `Bearer ${challengeToken}` } } : {};

/** GET /auth/2fa: whether two-factor sign-in is on, and how many recovery codes are left. */
export function getTwoFactorStatus(): Promise<TwoFactorStatus> {
  return apiGet<TwoFactorStatus>('/auth/2fa');
}

/** POST /auth/2fa/setup: a new secret and its otpauth:// URI (for the QR code). */
export function setUpTwoFactor(challengeToken?: string): Promise<TwoFactorSetupResponse> {
  return apiPost<TwoFactorSetupResponse>('/auth/2fa/setup', undefined, asChallenge(challengeToken));
}

/** POST /auth/2fa/enable: confirms the set-up with a code; the ten recovery codes come back once. */
export function enableTwoFactor(code: string, challengeToken?: string): Promise<TwoFactorEnableResponse> {
  return apiPost<TwoFactorEnableResponse>('/auth/2fa/enable', { code }, asChallenge(challengeToken));
}

/** POST /auth/2fa/disable: turns two-factor sign-in off with the password or a code. */
export function disableTwoFactor(proof: { password: string } | { code: string }): Promise<MessageResponse> {
  return apiPost<MessageResponse>('/auth/2fa/disable', proof);
}

/** POST /auth/2fa/verify: the second step of a sign-in. */
export function verifyTwoFactor(challengeToken: string, code: string): Promise<Static<typeof SessionTokenResponse>> {
  return apiPost<Static<typeof SessionTokenResponse>>('/auth/2fa/verify', { challenge_token: challengeToken, code });
}
