import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { signChallengeToken, verifyChallengeToken } from '../../../../../server/services/auth/challenge-tokens.ts';
import { signUserToken, verifyUserToken } from '../../../../../server/services/auth/tokens.ts';
import { ManualClock } from '../../../../helpers/clock.ts';

const secret = new TextEncoder().encode('a-secret-of-sufficient-length-for-hs256-tokens');

describe('user tokens', () => {
  it('round-trips the claims and expires after 12 hours', async () => {
    const clock = new ManualClock('2026-01-01T00:00:00Z');
    const token = await signUserToken(secret, { userId: 7, role: 'orgadmin', orgId: 3, sessionVersion: 2, sessionId: 'abc' }, clock);
    expect(await verifyUserToken(secret, token, clock)).toEqual({
      userId: 7,
      role: 'orgadmin',
      orgId: 3,
      sessionVersion: 2,
      sessionId: 'abc',
      issuedAt: 1767225600,
    });
    clock.advance(12 * 60 * 60 * 1000 - 1000);
    expect(await verifyUserToken(secret, token, clock)).toBeDefined();
    clock.advance(2000);
    expect(await verifyUserToken(secret, token, clock)).toBeUndefined();
  });

  it('rejects another secret and tampered tokens', async () => {
    const clock = new ManualClock();
    const token = await signUserToken(secret, { userId: 1, role: 'orgadmin', orgId: 1, sessionVersion: 0, sessionId: 'abc' }, clock);
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

  it('refuses a correctly signed token without a session id (issued before sessions were recorded)', async () => {
    const clock = new ManualClock();
    const now = Math.floor(clock.now().getTime() / 1000);
    const sessionless = await new SignJWT({ role: 'orgadmin', orgId: 1, sv: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setIssuedAt(now)
      .setExpirationTime(now + 60)
      .sign(secret);
    expect(await verifyUserToken(secret, sessionless, clock)).toBeUndefined();
  });
});

describe('two-factor challenge tokens', () => {
  it('are never taken for a session, and a session token is never taken for a challenge', async () => {
    const clock = new ManualClock();
    const challenge = await signChallengeToken(secret, { userId: 4, purpose: 'code', sessionVersion: 1 }, clock);
    expect(await verifyUserToken(secret, challenge, clock)).toBeUndefined();
    expect(await verifyChallengeToken(secret, challenge, 'code', clock)).toEqual({ userId: 4, purpose: 'code', sessionVersion: 1 });
    expect(await verifyChallengeToken(secret, challenge, 'enrol', clock)).toBeUndefined();
    const session = await signUserToken(secret, { userId: 4, role: 'superadmin', orgId: null, sessionVersion: 1, sessionId: 'x' }, clock);
    expect(await verifyChallengeToken(secret, session, 'code', clock)).toBeUndefined();
  });

  it('expire after ten minutes', async () => {
    const clock = new ManualClock();
    const challenge = await signChallengeToken(secret, { userId: 4, purpose: 'enrol', sessionVersion: 0 }, clock);
    clock.advance(10 * 60 * 1000 - 1000);
    expect(await verifyChallengeToken(secret, challenge, 'enrol', clock)).toBeDefined();
    clock.advance(2000);
    expect(await verifyChallengeToken(secret, challenge, 'enrol', clock)).toBeUndefined();
  });
});
