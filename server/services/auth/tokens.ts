import { SignJWT, jwtVerify } from 'jose';
import type { Clock } from '../../clock.ts';
import type { Role } from '../../../isomorphic/schemas/users.ts';

export const TOKEN_LIFETIME_SECONDS = 12 * 60 * 60;
const ALGORITHM = 'HS256';

export type { Role };

export interface TokenClaims {
  userId: number;
  role: Role;
  orgId: number | null;
  /** The user's session version when the token was issued; a password change raises it and ends the session. */
  sessionVersion: number;
  /** The user_sessions row of this sign-in: revoking it ends the session. */
  sessionId: string;
  issuedAt: number;
}

/** Signs a user session token (HS256, sub/role/orgId/sv/sid, 12 h). */
export async function signUserToken(secret: Uint8Array, claims: Omit<TokenClaims, 'issuedAt'>, clock: Clock): Promise<string> {
  const nowSeconds = Math.floor(clock.now().getTime() / 1000);
  return new SignJWT({ role: claims.role, orgId: claims.orgId, sv: claims.sessionVersion, sid: claims.sessionId })
    .setProtectedHeader({ alg: ALGORITHM })
    .setSubject(String(claims.userId))
    .setIssuedAt(nowSeconds)
    .setExpirationTime(nowSeconds + TOKEN_LIFETIME_SECONDS)
    .sign(secret);
}

/** Verifies a session token; returns undefined for anything forged, expired or malformed. */
export async function verifyUserToken(secret: Uint8Array, token: string, clock: Clock): Promise<TokenClaims | undefined> {
  try {
    const { payload } = await jwtVerify(token, secret, {
      algorithms: [ALGORITHM],
      currentDate: clock.now(),
      requiredClaims: ['sub', 'iat', 'exp', 'sv', 'sid'],
    });
    // A two-factor challenge carries an audience; a session token never does.
    if (payload.aud !== undefined) return undefined;
    const userId = Number(payload.sub);
    const role = payload['role'];
    const orgId = payload['orgId'];
    const sessionVersion = payload['sv'];
    const sessionId = payload['sid'];
    if (typeof sessionId !== 'string' || sessionId === '') return undefined;
    if (!Number.isInteger(userId) || (role !== 'superadmin' && role !== 'orgadmin')) return undefined;
    if (orgId !== null && typeof orgId !== 'number') return undefined;
    if (typeof sessionVersion !== 'number' || !Number.isInteger(sessionVersion)) return undefined;
    return { userId, role, orgId, sessionVersion, sessionId, issuedAt: payload.iat ?? 0 };
  } catch {
    return undefined;
  }
}
