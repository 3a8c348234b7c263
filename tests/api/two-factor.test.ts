import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, buildTestApp, createOrganisation, createUser, signIn, type TestApp } from '../helpers/app.ts';

// Codes are computed here, from the secret the set-up hands out, at the app's (manual) clock.
const codeAt = (secret: string, at: Date) => new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: at.getTime() });
const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const PASSWORD = 'correct horse battery';
const STEP_MS = 30_000;

interface Enrolment {
  secret: string;
  recoveryCodes: string[];
}

async function enrol(t: TestApp, token: string): Promise<Enrolment> {
  const setup = await t.app.inject({ method: 'POST', url: '/api/auth/2fa/setup', headers: auth(token) });
  expect(setup.statusCode).toBe(200);
  const { secret, otpauthUri } = body<{ secret: string; otpauthUri: string }>(setup);
  expect(otpauthUri).toMatch(/^otpauth:\/\/totp\/Payrail:.+secret=/);
  const enabled = await t.app.inject({
    method: 'POST',
    url: '/api/auth/2fa/enable',
    headers: auth(token),
    payload: { code: codeAt(secret, t.clock.now()) },
  });
  expect(enabled.statusCode).toBe(200);
  return { secret, recoveryCodes: body<{ recoveryCodes: string[] }>(enabled).recoveryCodes };
}

const login = (t: TestApp, email: string, password = PASSWORD, remoteAddress = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress, payload: { email, password } });
const verify = (t: TestApp, challenge: string, code: string, remoteAddress = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/auth/2fa/verify', remoteAddress, payload: { challenge_token: challenge, code } });
const me = (t: TestApp, token: string) => t.app.inject({ method: 'GET', url: '/api/users/me', headers: auth(token) });

async function challengeOf(t: TestApp, email: string, remoteAddress?: string): Promise<string> {
  const response = await login(t, email, PASSWORD, remoteAddress);
  expect(response.statusCode).toBe(200);
  const answer = body<{ two_factor?: string; challenge_token?: string; access_token?: string }>(response);
  expect(answer.two_factor).toBe('code');
  expect(answer.access_token).toBeUndefined();
  return answer.challenge_token ?? '';
}

describe('two-factor sign-in (optional per user)', () => {
  let t: TestApp;
  let orgId: number;
  beforeAll(async () => {
    t = await buildTestApp();
    orgId = await createOrganisation(t.db);
  });
  afterAll(() => t.close());

  it('asks for the code after the password; a code computed from the secret opens the session, a wrong one does not', async () => {
    await createUser(t.db, { email: 'kofi@acme.test', orgId });
    const { secret, recoveryCodes } = await enrol(t, await signIn(t.app, 'kofi@acme.test'));
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);

    t.clock.advance(STEP_MS);
    const challenge = await challengeOf(t, 'kofi@acme.test');
    // The challenge is no session.
    expect((await me(t, challenge)).statusCode).toBe(401);
    const wrong = await verify(t, challenge, codeAt(secret, new Date(t.clock.now().getTime() - 10 * STEP_MS)));
    expect(wrong.statusCode).toBe(401);
    expect(body(wrong)['message']).toBe('Invalid authentication code.');

    const right = await verify(t, challenge, codeAt(secret, t.clock.now()));
    expect(right.statusCode).toBe(200);
    const token = body<{ access_token: string }>(right).access_token;
    expect(body(await me(t, token))['email']).toBe('kofi@acme.test');

    // The same code never works twice, not even within its 30 seconds.
    expect((await verify(t, await challengeOf(t, 'kofi@acme.test'), codeAt(secret, t.clock.now()))).statusCode).toBe(401);
    const status = await t.app.inject({ method: 'GET', url: '/api/auth/2fa', headers: auth(token) });
    expect(body(status)).toMatchObject({ enabled: true, recoveryCodesLeft: 10, required: false });
  });

  it('takes a recovery code once', async () => {
    await createUser(t.db, { email: 'esi@acme.test', orgId });
    const { recoveryCodes } = await enrol(t, await signIn(t.app, 'esi@acme.test'));
    const code = recoveryCodes[3] ?? '';
    const first = await verify(t, await challengeOf(t, 'esi@acme.test'), code.toUpperCase());
    expect(first.statusCode).toBe(200);
    const again = await verify(t, await challengeOf(t, 'esi@acme.test'), code);
    expect(again.statusCode).toBe(401);
    const token = body<{ access_token: string }>(first).access_token;
    const status = await t.app.inject({ method: 'GET', url: '/api/auth/2fa', headers: auth(token) });
    expect(body(status)['recoveryCodesLeft']).toBe(9);
  });

  it('lets a challenge expire after ten minutes, and voids it when the password changes', async () => {
    await createUser(t.db, { email: 'yaa@acme.test', orgId });
    const session = await signIn(t.app, 'yaa@acme.test');
    const { secret } = await enrol(t, session);
    t.clock.advance(STEP_MS);
    const stale = await challengeOf(t, 'yaa@acme.test');
    t.clock.advance(10 * 60_000 + 1000);
    const expired = await verify(t, stale, codeAt(secret, t.clock.now()));
    expect(expired.statusCode).toBe(401);
    expect(body(expired)['message']).toBe('Your sign-in has expired. Please sign in again.');

    const beforeChange = await challengeOf(t, 'yaa@acme.test');
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/users/change-password',
      headers: auth(session),
      payload: { currentPassword: PASSWORD, newPassword: 'a new long password' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await verify(t, beforeChange, codeAt(secret, t.clock.now()))).statusCode).toBe(401);
  });

  it('turns off with the password (not with a wrong one), and the password alone signs in again', async () => {
    await createUser(t.db, { email: 'abena@acme.test', orgId });
    const token = await signIn(t.app, 'abena@acme.test');
    await enrol(t, token);
    const disable = (payload: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: '/api/auth/2fa/disable', headers: auth(token), payload });
    expect((await disable({ password: 'not the password' })).statusCode).toBe(400);
    expect((await disable({})).statusCode).toBe(400);
    expect(body(await login(t, 'abena@acme.test'))['two_factor']).toBe('code');
    expect((await disable({ password: PASSWORD })).statusCode).toBe(200);
    const plain = body(await login(t, 'abena@acme.test'));
    expect(plain['access_token']).toEqual(expect.any(String));
    expect(plain['two_factor']).toBeUndefined();
  });

  it('refuses a wrong enrolment code and a second set-up while on, changing nothing', async () => {
    await createUser(t.db, { email: 'kwame@acme.test', orgId });
    const token = await signIn(t.app, 'kwame@acme.test');
    const setup = await t.app.inject({ method: 'POST', url: '/api/auth/2fa/setup', headers: auth(token) });
    const { secret } = body<{ secret: string }>(setup);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/2fa/enable',
      headers: auth(token),
      payload: { code: codeAt(secret, new Date(t.clock.now().getTime() + 20 * STEP_MS)) },
    });
    expect(wrong.statusCode).toBe(400);
    expect(body(await t.app.inject({ method: 'GET', url: '/api/auth/2fa', headers: auth(token) }))['enabled']).toBe(false);
    expect(body(await login(t, 'kwame@acme.test'))['access_token']).toEqual(expect.any(String));
    await enrol(t, token);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/2fa/setup', headers: auth(token) })).statusCode).toBe(409);
  });

  it('is cleared by an admin reset of the user, which ends all of that user’s sessions', async () => {
    await createUser(t.db, { email: 'root@payrail.test', role: 'superadmin' });
    const userId = await createUser(t.db, { email: 'ato@acme.test', orgId });
    const userSession = await signIn(t.app, 'ato@acme.test');
    await enrol(t, userSession);
    const reset = await t.app.inject({
      method: 'POST',
      url: `/api/users/${userId}/reset-password`,
      headers: auth(await signIn(t.app, 'root@payrail.test')),
      payload: { newPassword: 'a fresh password' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await me(t, userSession)).statusCode).toBe(401);
    const again = body(await login(t, 'ato@acme.test', 'a fresh password'));
    expect(again['two_factor']).toBeUndefined();
    const token = again['access_token'] as string;
    expect(body(await t.app.inject({ method: 'GET', url: '/api/auth/2fa', headers: auth(token) }))).toMatchObject({
      enabled: false,
      recoveryCodesLeft: 0,
    });
  });

  it('throttles wrong codes like wrong passwords: the password again does not wipe the count', async () => {
    await createUser(t.db, { email: 'efua@acme.test', orgId });
    const { secret } = await enrol(t, await signIn(t.app, 'efua@acme.test'));
    t.clock.advance(STEP_MS);
    const address = '203.0.113.9';
    for (let attempt = 0; attempt < 5; attempt++) {
      const challenge = await challengeOf(t, 'efua@acme.test', address);
      expect((await verify(t, challenge, '000000', address)).statusCode).toBe(401);
    }
    // Blocked from this address now: the right password is refused, and so is the right code.
    expect((await login(t, 'efua@acme.test', PASSWORD, address)).statusCode).toBe(429);
    t.clock.advance(16_000);
    const challenge = await challengeOf(t, 'efua@acme.test', address);
    expect((await verify(t, challenge, '000001', address)).statusCode).toBe(401);
    const blocked = await verify(t, challenge, codeAt(secret, t.clock.now()), address);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
    // Another address (the owner) still signs in.
    const owner = await verify(t, await challengeOf(t, 'efua@acme.test', '198.51.100.7'), codeAt(secret, t.clock.now()), '198.51.100.7');
    expect(owner.statusCode).toBe(200);
  });
});

describe('REQUIRE_2FA_FOR_SUPERADMINS', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ requireTwoFactorForSuperadmins: true });
  });
  afterAll(() => t.close());

  it('makes a superadmin without 2FA enrol before any session, then ask for the code every time', async () => {
    await createUser(t.db, { email: 'chief@payrail.test', role: 'superadmin' });
    const first = body<{ two_factor?: string; challenge_token: string; access_token?: string }>(await login(t, 'chief@payrail.test'));
    expect(first.two_factor).toBe('enrol');
    expect(first.access_token).toBeUndefined();
    const challenge = first.challenge_token;
    // The enrolment challenge opens nothing but the enrolment.
    expect((await me(t, challenge)).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/sessions', headers: auth(challenge) })).statusCode).toBe(401);
    expect((await verify(t, challenge, '123456')).statusCode).toBe(401);

    const setup = await t.app.inject({ method: 'POST', url: '/api/auth/2fa/setup', headers: auth(challenge) });
    expect(setup.statusCode).toBe(200);
    const { secret } = body<{ secret: string }>(setup);
    const enabled = await t.app.inject({
      method: 'POST',
      url: '/api/auth/2fa/enable',
      headers: auth(challenge),
      payload: { code: codeAt(secret, t.clock.now()) },
    });
    expect(enabled.statusCode).toBe(200);
    const { access_token: token, recoveryCodes } = body<{ access_token: string; recoveryCodes: string[] }>(enabled);
    expect(recoveryCodes).toHaveLength(10);
    expect(body(await me(t, token))['role']).toBe('superadmin');
    // The enrolment challenge is spent.
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/2fa/setup', headers: auth(challenge) })).statusCode).toBe(401);

    t.clock.advance(STEP_MS);
    expect(body(await login(t, 'chief@payrail.test'))['two_factor']).toBe('code');
    const status = await t.app.inject({ method: 'GET', url: '/api/auth/2fa', headers: auth(token) });
    expect(body(status)).toMatchObject({ enabled: true, required: true });
    const disable = await t.app.inject({
      method: 'POST',
      url: '/api/auth/2fa/disable',
      headers: auth(token),
      payload: { password: PASSWORD },
    });
    expect(disable.statusCode).toBe(400);
    expect(body(disable)['message']).toMatch(/required for superadmins/);
  });

  it('leaves organisation admins free to sign in with the password alone', async () => {
    const orgId = await createOrganisation(t.db);
    await createUser(t.db, { email: 'clerk@acme.test', orgId });
    const answer = body(await login(t, 'clerk@acme.test'));
    expect(answer['access_token']).toEqual(expect.any(String));
    expect(answer['two_factor']).toBeUndefined();
  });
});
