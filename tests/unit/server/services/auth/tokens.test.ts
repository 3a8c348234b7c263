import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { signUserToken, verifyUserToken } from '../../../../../server/services/auth/tokens.ts';
import { ManualClock } from '../../../../helpers/clock.ts';

const secret = new TextEncoder().encode('a-secret-of-sufficient-length-for-hs256-tokens');

describe('user tokens', () => {
  it('round-trips the claims and expires after 12 hours', async () => {
    const clock = new ManualClock('2026-01-01T00:00:00Z');
    const token = await signUserToken(secret, { userId: 7, role: 'orgadmin', orgId: 3, sessionVersion: 2 }, clock);
    expect(await verifyUserToken(secret, token, clock)).toEqual({
      userId: 7,
      role: 'orgadmin',
      orgId: 3,
      sessionVersion: 2,
      issuedAt: 1767225600,
    });
    clock.advance(12 * 60 * 60 * 1000 - 1000);
    expect(await verifyUserToken(secret, token, clock)).toBeDefined();
    clock.advance(2000);
    expect(await verifyUserToken(secret, token, clock)).toBeUndefined();
  });

  it('rejects another secret and tampered tokens', async () => {
    const clock = new ManualClock();
    const token = await signUserToken(secret, { userId: 1, role: 'orgadmin', orgId: 1, sessionVersion: 0 }, clock);
    expect(await verifyUserToken(new TextEncoder().encode('another-secret-another-secret-another'), token, clock)).toBeUndefined();
    const [header, , signature] = token.split('.');
    const forgedPayload = Buffer.from(JSON.stringify({ sub: '1', role: 'superadmin', orgId: null, iat: 1, exp: 9999999999 })).toString(
      'base64url',
    );
    expect(await verifyUserToken(secret, `${header}.${forgedPayload}.${signature}`, clock)).toBeUndefined();
    expect(await verifyUserToken(secret, 'not-a-token', clock)).toBeUndefined();
  });

  it('refuses a correctly signed token without a session version', async () => {
    const clock = new ManualClock();
    const now = Math.floor(clock.now().getTime() / 1000);
    const unversioned = await new SignJWT({ role: 'orgadmin', orgId: 1 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setIssuedAt(now)
      .setExpirationTime(now + 60)
      .sign(secret);
    expect(await verifyUserToken(secret, unversioned, clock)).toBeUndefined();
  });
});
