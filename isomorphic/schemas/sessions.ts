// The signed-in user's sessions on the wire.
import { Type, type Static } from 'typebox';
import { DateTime } from './common.ts';

export const Session = Type.Object({
  id: Type.String(),
  /** Browser and system read from the user agent, e.g. "Chrome on Windows". */
  device: Type.String(),
  userAgent: Type.String(),
  address: Type.String(),
  createdAt: DateTime,
  lastSeenAt: DateTime,
  /** The session this request was made with. */
  current: Type.Boolean(),
});
export type Session = Static<typeof Session>;

export const SessionList = Type.Object({ items: Type.Array(Session) });

export const SessionIdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 32, pattern: '^[A-Za-z0-9_-]+$' }) });

export const RevokedSessionsResponse = Type.Object({ message: Type.String(), revoked: Type.Integer() });
