import type { Static } from 'typebox';
import type { LoginResponse as LoginResponseSchema } from '../../../isomorphic/schemas/auth.ts';
import { apiPost } from './client.ts';
import type { MessageResponse } from './types.ts';

export type LoginResponse = Static<typeof LoginResponseSchema>;

/** POST /auth/login: exchanges credentials for a bearer token, or for the challenge of a two-factor step. */
export function login(email: string, password: string): Promise<LoginResponse> {
  return apiPost<LoginResponse>('/auth/login', { email, password });
}

/** POST /auth/forgot-password: asks for a reset link (the reply never reveals whether the account exists). */
export function forgotPassword(email: string): Promise<MessageResponse> {
  return apiPost<MessageResponse>('/auth/forgot-password', { email });
}

/** POST /auth/reset-password: sets a new password with the token from the reset link. */
export function resetPassword(token: string, password: string): Promise<MessageResponse> {
  return apiPost<MessageResponse>('/auth/reset-password', { token, password });
}
