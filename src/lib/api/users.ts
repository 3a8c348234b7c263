import { apiGet, apiPatch, apiPost } from './client.ts';
import type { MessageResponse, User } from './types.ts';

export interface ProfileUpdate {
  name: string;
  avatar: string | null;
}

/** GET /users/me: the signed-in user's profile. */
export function getMe(): Promise<User> {
  return apiGet<User>('/users/me');
}

/** POST /users/change-password: changes the signed-in user's own password. */
export function changePassword(currentPassword: string, newPassword: string): Promise<MessageResponse> {
  return apiPost<MessageResponse>('/users/change-password', { currentPassword, newPassword });
}

/** PATCH /users/me/profile: updates the signed-in user's name and avatar; resolves with the updated user. */
export function updateMyProfile(update: ProfileUpdate): Promise<User> {
  return apiPatch<User>('/users/me/profile', update);
}
