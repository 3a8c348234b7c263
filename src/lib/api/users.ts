import type { Static } from 'typebox';
import type { ChangePasswordResponse, CreateUserBody, ProfileBody, UserListQuery } from '../../../isomorphic/schemas/users.ts';
import { apiDelete, apiGet, apiPatch, apiPost } from './client.ts';
import { apiGetEarly } from './early-requests.ts';
import { normaliseList, type ListPage, type ListQuery } from './list.ts';
import type { MessageResponse, User } from './types.ts';

export type ProfileUpdate = Static<typeof ProfileBody>;

/** GET /users/me: the signed-in user's profile (the answer to the page head's request when it made one). */
export function getMe(): Promise<User> {
  return apiGetEarly<User>('/users/me');
}

/** POST /users/change-password: changes the signed-in user's own password; the reply carries a fresh token (older sessions end). */
export function changePassword(currentPassword: string, newPassword: string): Promise<Static<typeof ChangePasswordResponse>> {
  return apiPost<Static<typeof ChangePasswordResponse>>('/users/change-password', { currentPassword, newPassword });
}

/** PATCH /users/me/profile: updates the signed-in user's name and avatar; resolves with the updated user. */
export function updateMyProfile(update: ProfileUpdate): Promise<User> {
  return apiPatch<User>('/users/me/profile', update);
}

/** `query` searches by name or e-mail. */
export type UserQuery = ListQuery<typeof UserListQuery>;

/** GET /users (superadmin): every user of the platform. */
export async function listAllUsers(query: UserQuery = {}): Promise<ListPage<User>> {
  return normaliseList<User>(await apiGet<unknown>('/users', { ...query }));
}

/** GET /users/my-organisation: the users of the caller's organisation. */
export async function listOrganisationUsers(query: UserQuery = {}): Promise<ListPage<User>> {
  return normaliseList<User>(await apiGet<unknown>('/users/my-organisation', { ...query }));
}

/** POST /users: role defaults to orgadmin; a superadmin passes orgId. */
export function createUser(input: Static<typeof CreateUserBody>): Promise<User> {
  return apiPost<User>('/users', input);
}

/** PATCH /users/{id}: name and avatar. */
export function updateUser(id: number, changes: ProfileUpdate): Promise<User> {
  return apiPatch<User>(`/users/${id}`, changes);
}

/** DELETE /users/{id}. */
export function deleteUser(id: number): Promise<MessageResponse> {
  return apiDelete<MessageResponse>(`/users/${id}`);
}

/** POST /users/{id}/reset-password: sets another user's password (minimum 8). */
export function resetUserPassword(id: number, newPassword: string): Promise<MessageResponse> {
  return apiPost<MessageResponse>(`/users/${id}/reset-password`, { newPassword });
}
