import type { Static } from 'typebox';
import type { RevokedSessionsResponse, Session, SessionList } from '../../../isomorphic/schemas/sessions.ts';
import { apiDelete, apiGet, apiPost } from './client.ts';
import type { MessageResponse } from './types.ts';

export type { Session };

/** GET /auth/sessions: the signed-in user's active sessions, the current one flagged. */
export async function listSessions(): Promise<Session[]> {
  return (await apiGet<Static<typeof SessionList>>('/auth/sessions')).items;
}

/** DELETE /auth/sessions/:id: ends one session. */
export function revokeSession(id: string): Promise<MessageResponse> {
  return apiDelete<MessageResponse>(`/auth/sessions/${encodeURIComponent(id)}`);
}

/** POST /auth/sessions/revoke-others: ends every session but this one. */
export function revokeOtherSessions(): Promise<Static<typeof RevokedSessionsResponse>> {
  return apiPost<Static<typeof RevokedSessionsResponse>>('/auth/sessions/revoke-others');
}

/** POST /auth/logout: ends this session on the server; sent with keepalive, so it completes while the page leaves. */
export function endCurrentSession(): Promise<MessageResponse> {
  return apiPost<MessageResponse>('/auth/logout', undefined, { keepalive: true });
}
