import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userSessions } from '../../server/db/schema.ts';
import { body, buildTestApp, createOrganisation, createUser, type TestApp } from '../helpers/app.ts';

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0';
const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
const auth = (token: string) => ({ authorization: `Bearer ${token}` });

interface SessionRow {
  id: string;
  device: string;
  address: string;
  lastSeenAt: string;
  current: boolean;
}

let t: TestApp;
let orgId: number;
beforeAll(async () => {
  t = await buildTestApp();
  orgId = await createOrganisation(t.db);
});
afterAll(() => t.close());

async function signInFrom(email: string, userAgent: string, remoteAddress: string): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress,
    headers: { 'user-agent': userAgent },
    payload: { email, password: 'correct horse battery' },
  });
  expect(response.statusCode).toBe(200);
  return body<{ access_token: string }>(response).access_token;
}
const sessionsOf = async (token: string) =>
  body<{ items: SessionRow[] }>(await t.app.inject({ method: 'GET', url: '/api/auth/sessions', headers: auth(token) })).items;
const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/users/me', headers: auth(token) });

describe('sessions', () => {
  it('signing out ends this session on the server and leaves the others', async () => {
    await createUser(t.db, { email: 'yaw.signout@acme.test', orgId });
    const laptop = await signInFrom('yaw.signout@acme.test', FIREFOX, '203.0.113.9');
    const phone = await signInFrom('yaw.signout@acme.test', CHROME, '198.51.100.9');

    const signedOut = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: auth(laptop) });
    expect(signedOut.statusCode).toBe(200);
    expect((await me(laptop)).statusCode).toBe(401);
    expect((await me(phone)).statusCode).toBe(200);
    expect(await sessionsOf(phone)).toHaveLength(1);
  });

  it('lists my sessions with device, address and the current one; revoking one ends it at once', async () => {
    await createUser(t.db, { email: 'ama@acme.test', orgId });
    const laptop = await signInFrom('ama@acme.test', FIREFOX, '203.0.113.4');
    const office = await signInFrom('ama@acme.test', CHROME, '198.51.100.20');
    expect((await me(laptop)).statusCode).toBe(200);

    const listed = await sessionsOf(laptop);
    expect(listed).toHaveLength(2);
    const mine = listed.find((session) => session.current);
    expect(mine).toMatchObject({ device: 'Firefox on Linux', address: '203.0.113.4' });
    const other = listed.find((session) => !session.current);
    expect(other).toMatchObject({ device: 'Chrome on Windows', address: '198.51.100.20' });

    const revoked = await t.app.inject({ method: 'DELETE', url: `/api/auth/sessions/${other?.id}`, headers: auth(laptop) });
    expect(revoked.statusCode).toBe(200);
    // No wait: this process's cache forgets the user on the revocation.
    expect((await me(office)).statusCode).toBe(401);
    expect((await me(laptop)).statusCode).toBe(200);
    expect(await sessionsOf(laptop)).toHaveLength(1);
    const again = await t.app.inject({ method: 'DELETE', url: `/api/auth/sessions/${other?.id}`, headers: auth(laptop) });
    expect(again.statusCode).toBe(404);
  });

  it('never lets one user see or revoke another user’s session', async () => {
    await createUser(t.db, { email: 'kojo@acme.test', orgId });
    await createUser(t.db, { email: 'adjoa@acme.test', orgId });
    const kojo = await signInFrom('kojo@acme.test', FIREFOX, '203.0.113.5');
    const adjoa = await signInFrom('adjoa@acme.test', CHROME, '203.0.113.6');
    const adjoasSession = (await sessionsOf(adjoa))[0]?.id;
    expect((await sessionsOf(kojo)).map((session) => session.id)).not.toContain(adjoasSession);
    const attempt = await t.app.inject({ method: 'DELETE', url: `/api/auth/sessions/${adjoasSession}`, headers: auth(kojo) });
    expect(attempt.statusCode).toBe(404);
    expect((await me(adjoa)).statusCode).toBe(200);
  });

  it('revokes all the others, keeping the current one', async () => {
    await createUser(t.db, { email: 'akua@acme.test', orgId });
    const tokens = [
      await signInFrom('akua@acme.test', FIREFOX, '203.0.113.7'),
      await signInFrom('akua@acme.test', CHROME, '203.0.113.8'),
      await signInFrom('akua@acme.test', CHROME, '203.0.113.9'),
    ];
    const [current = '', ...others] = tokens;
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/sessions/revoke-others', headers: auth(current) });
    expect(body(response)).toMatchObject({ revoked: 2, message: '2 other sessions revoked.' });
    for (const token of others) expect((await me(token)).statusCode).toBe(401);
    expect((await me(current)).statusCode).toBe(200);
    expect(await sessionsOf(current)).toHaveLength(1);
  });

  it('ends the other sessions on a password change; the current one goes on with the fresh token', async () => {
    await createUser(t.db, { email: 'nana@acme.test', orgId });
    const current = await signInFrom('nana@acme.test', FIREFOX, '203.0.113.10');
    const other = await signInFrom('nana@acme.test', CHROME, '203.0.113.11');
    const currentId = (await sessionsOf(current)).find((session) => session.current)?.id;
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/users/change-password',
      headers: auth(current),
      payload: { currentPassword: 'correct horse battery', newPassword: 'another long password' },
    });
    expect(changed.statusCode).toBe(200);
    const fresh = body<{ access_token: string }>(changed).access_token;
    expect((await me(other)).statusCode).toBe(401);
    expect((await me(fresh)).statusCode).toBe(200);
    const left = await sessionsOf(fresh);
    expect(left.map((session) => [session.id, session.current])).toEqual([[currentId, true]]);
  });

  it('moves "last seen" at most once a minute per session', async () => {
    await createUser(t.db, { email: 'yaw@acme.test', orgId });
    const token = await signInFrom('yaw@acme.test', FIREFOX, '203.0.113.12');
    const [{ id = '' } = {}] = await sessionsOf(token);
    const lastSeen = async () => (await t.db.select().from(userSessions).where(eq(userSessions.id, id)))[0]?.lastSeenAt.getTime();
    const signedInAt = t.clock.now().getTime();
    expect(await lastSeen()).toBe(signedInAt);
    t.clock.advance(30_000);
    await me(token);
    expect(await lastSeen()).toBe(signedInAt);
    t.clock.advance(31_000);
    await me(token);
    expect(await lastSeen()).toBe(t.clock.now().getTime());
    const seenAt = t.clock.now().getTime();
    t.clock.advance(10_000);
    await me(token);
    expect(await lastSeen()).toBe(seenAt);
  });

  it('forgets sessions older than their 12 hours', async () => {
    await createUser(t.db, { email: 'kwesi@acme.test', orgId });
    await signInFrom('kwesi@acme.test', FIREFOX, '203.0.113.13');
    t.clock.advance(12 * 60 * 60 * 1000 + 1000);
    const fresh = await signInFrom('kwesi@acme.test', CHROME, '203.0.113.14');
    const listed = await sessionsOf(fresh);
    expect(listed.map((session) => session.device)).toEqual(['Chrome on Windows']);
  });
});
