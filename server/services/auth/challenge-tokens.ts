import { SignJWT, jwtVerify } from 'jose';
import type { Clock } from '../../clock.ts';

/** How long a sign-in may take between the password and the second factor (or the forced enrolment). */
export const CHALLENGE_LIFETIME_SECONDS = 10 * 60;
const ALGORITHM = 'HS256';
const AUDIENCE = 'payrail-2fa-challenge';

/** What a challenge allows: entering the code ('code'), or enrolling first because 2FA is required ('enrol'). */
export type ChallengePurpose = 'code' | 'enrol';

export interface ChallengeClaims {
  userId: number;
  purpose: ChallengePurpose;
  /** The user's session version when the password was checked: a password change meanwhile voids the challenge. */
  sessionVersion: number;
}

/**
 * Signs a short-lived challenge: proof that the password was right, good for nothing but the second step. Its audience
 * differs from a session token's, and a session token has none, so neither passes for the other.
 */
export async function signChallengeToken(secret: Uint8Array, claims: ChallengeClaims, clock: Clock): Promise<string> {
  const nowSeconds = Math.floor(clock.now().getTime() / 1000);
  return new SignJWT({ purpose: claims.purpose, sv: claims.sessionVersion })
    .setProtectedHeader({ alg: ALGORITHM })
    .setAudience(AUDIENCE)
    .setSubject(String(claims.userId))
    .setIssuedAt(nowSeconds)
    .setExpirationTime(nowSeconds + CHALLENGE_LIFETIME_SECONDS)
    .sign(secret);
}

/** Verifies a challenge token of the given purpose; undefined for anything else. */
export async function verifyChallengeToken(
  secret: Uint8Array,
  token: string,
  purpose: ChallengePurpose,
  clock: Clock,
): Promise<ChallengeClaims | undefined> {
  try {
    const { payload } = await jwtVerify(token, secret, {
      algorithms: [ALGORITHM],
      audience: AUDIENCE,
      currentDate: clock.now(),
      requiredClaims: ['sub', 'exp', 'sv'],
    });
    const userId = Number(payload.sub);
    const sessionVersion = payload['sv'];
    if (!Number.isInteger(userId) || payload['purpose'] !== purpose) return undefined;
    if (typeof sessionVersion !== 'number' || !Number.isInteger(sessionVersion)) return undefined;
    return { userId, purpose, sessionVersion };
  } catch {
    return undefined;
  }
}
