import { SignJWT, decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, buildTestApp, createOrganisation, createUser, signIn, TEST_JWT_SECRET, type TestApp } from '../helpers/app.ts';

let t: TestApp;
let userId: number;
let token: string;

beforeAll(async () => {
  t = await buildTestApp();
  const orgId = await createOrganisation(t.db);
  userId = await createUser(t.db, { email: 'yaw@acme.test', orgId, name: 'Yaw' });
  token = await signIn(t.app, 'yaw@acme.test');
});
afterAll(() => t.close());

const auth = (value: string) => ({ authorization: `Bearer ${value}` });
const me = (session: string) => t.app.inject({ method: 'GET', url: '/api/users/me', headers: auth(session) });
const changePassword = (session: string, currentPassword: string, newPassword: string) =>
  t.app.inject({ method: 'POST', url: '/api/users/change-password', headers: auth(session), payload: { currentPassword, newPassword } });

describe('GET /api/users/me', () => {
  it('is 401 without a token, with a forged one, and with an expired one', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/api/users/me' });
    expect(none.statusCode).toBe(401);
    expect(body(none)['error']).toBe('Unauthorized');

    const forged = await new SignJWT({ role: 'superadmin', orgId: null })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(userId))
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('some-other-secret-some-other-secret-123'));
    expect((await t.app.inject({ method: 'GET', url: '/api/users/me', headers: auth(forged) })).statusCode).toBe(401);

    const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(`{"sub":"${userId}","role":"superadmin"}`).toString('base64url')}.`;
    expect((await t.app.inject({ method: 'GET', url: '/api/users/me', headers: auth(unsigned) })).statusCode).toBe(401);

    t.clock.advance(12 * 60 * 60 * 1000 + 1000);
    const expired = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: auth(token) });
    expect(expired.statusCode).toBe(401);
    expect(body(expired)['message']).toMatch(/expired/);
    token = await signIn(t.app, 'yaw@acme.test');
  });

  it('takes the role from the database, not from the token', async () => {
    // The real session's id, so the forged token fails on nothing but its role.
    const escalated = await new SignJWT({ role: 'superadmin', orgId: null, sv: 0, sid: decodeJwt(token)['sid'] })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(userId))
      .setIssuedAt(Math.floor(t.clock.now().getTime() / 1000))
      .setExpirationTime(Math.floor(t.clock.now().getTime() / 1000) + 3600)
      .sign(TEST_JWT_SECRET);
    const me = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: auth(escalated) });
    expect(body(me)['role']).toBe('orgadmin');
  });
});

describe('PATCH /api/users/me/profile', () => {
  it('updates name and avatar and returns the profile', async () => {
    const response = await t.app.inject({
      method: 'PATCH',
      url: '/api/users/me/profile',
      headers: auth(token),
      payload: { name: '  Yaw Boateng ', avatar: 'https://cdn.example.com/yaw.png' },
    });
    expect(response.statusCode).toBe(200);
    expect(body(response)).toMatchObject({ name: 'Yaw Boateng', avatar: 'https://cdn.example.com/yaw.png' });
    const me = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: auth(token) });
    expect(body(me)['name']).toBe('Yaw Boateng');
  });

  it('refuses a javascript: avatar, a blank name and unknown fields, changing nothing', async () => {
    for (const payload of [{ avatar: 'javascript:alert(1)' }, { name: '   ' }, { name: 'X', role: 'superadmin' }]) {
      const response = await t.app.inject({ method: 'PATCH', url: '/api/users/me/profile', headers: auth(token), payload });
      expect(response.statusCode).toBe(400);
    }
    const me = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: auth(token) });
    expect(body(me)).toMatchObject({ name: 'Yaw Boateng', avatar: 'https://cdn.example.com/yaw.png', role: 'orgadmin' });
  });
});

describe('POST /api/users/change-password', () => {
  it('checks the current password and the minimum length', async () => {
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/users/change-password',
      headers: auth(token),
      payload: { currentPassword: 'nope nope', newPassword: 'another password' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(body(wrong)['message']).toBe('Current password is incorrect.');
    const short = await t.app.inject({
      method: 'POST',
      url: '/api/users/change-password',
      headers: auth(token),
      payload: { currentPassword: 'correct horse battery', newPassword: 'short' },
    });
    expect(short.statusCode).toBe(400);
    await signIn(t.app, 'yaw@acme.test', 'correct horse battery');
  });

  it('changes the password, returns a working token and signs out older sessions', async () => {
    const older = token;
    t.clock.advance(5000);
    const response = await changePassword(token, 'correct horse battery', 'a different secret');
    expect(response.statusCode).toBe(200);
    const fresh = body<{ message: string; access_token: string }>(response);
    expect(fresh.message).toBe('Password changed successfully!');
    expect((await me(fresh.access_token)).statusCode).toBe(200);
    expect((await me(older)).statusCode).toBe(401);
    await signIn(t.app, 'yaw@acme.test', 'a different secret');
  });

  it('signs out another session at once, though that session was just authenticated (per-process user cache)', async () => {
    // A user not written to since it was created: its lookups are cached (a user just written to is not, for a while).
    await createUser(t.db, { email: 'efua@acme.test', orgId: await createOrganisation(t.db), name: 'Efua' });
    const first = await signIn(t.app, 'efua@acme.test');
    const other = await signIn(t.app, 'efua@acme.test');
    t.clock.advance(5000);
    // Both sessions work and their user is now cached by the auth plugin.
    expect((await t.app.inject({ method: 'GET', url: '/api/payments', headers: auth(other) })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/payments', headers: auth(first) })).statusCode).toBe(200);
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/users/change-password',
      headers: auth(first),
      payload: { currentPassword: 'correct horse battery', newPassword: 'yet another secret' },
    });
    expect(changed.statusCode).toBe(200);
    // No waiting for a cache entry to expire: the very next request of the other session is refused.
    for (const url of ['/api/payments', '/api/users/me']) {
      const refused = await t.app.inject({ method: 'GET', url, headers: auth(other) });
      expect(refused.statusCode).toBe(401);
      expect(body(refused)['message']).toMatch(/sign in again/);
    }
    const fresh = body<{ access_token: string }>(changed).access_token;
    expect((await t.app.inject({ method: 'GET', url: '/api/payments', headers: auth(fresh) })).statusCode).toBe(200);
  });

  it('ends a session issued in the same second as the password change', async () => {
    await createUser(t.db, { email: 'kwesi@acme.test', orgId: await createOrganisation(t.db), name: 'Kwesi' });
    // The clock does not move: both sessions and the change share one instant (and so one whole second of `iat`).
    const sameSecond = await signIn(t.app, 'kwesi@acme.test');
    const changer = await signIn(t.app, 'kwesi@acme.test');
    const changed = await changePassword(changer, 'correct horse battery', 'the same second');
    expect(changed.statusCode).toBe(200);
    expect((await me(sameSecond)).statusCode).toBe(401);
    expect((await me(changer)).statusCode).toBe(401);
    expect((await me(body<{ access_token: string }>(changed).access_token)).statusCode).toBe(200);
  });
});
