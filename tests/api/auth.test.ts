import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailMessages, passwordResets, users } from '../../server/db/schema.ts';
import { body, buildTestApp, createOrganisation, createUser, signIn, type TestApp } from '../helpers/app.ts';

let t: TestApp;
let orgId: number;

beforeAll(async () => {
  t = await buildTestApp();
  orgId = await createOrganisation(t.db, 'Acme Payments');
  await createUser(t.db, { email: 'Ama@Acme.test', role: 'orgadmin', orgId, name: 'Ama Mensah' });
  await createUser(t.db, { email: 'root@payrail.test', role: 'superadmin' });
});
afterAll(() => t.close());

const post = (url: string, payload: unknown) => t.app.inject({ method: 'POST', url, payload: payload as Record<string, unknown> });

/** The reset link mailed to an address, read from the stored outgoing mail. */
async function lastResetToken(email: string): Promise<string> {
  const rows = await t.db.select().from(mailMessages).where(eq(mailMessages.toAddress, email));
  const text = rows.at(-1)?.textBody ?? '';
  const match = /http:\/\/payrail\.test\/reset-password\/([A-Za-z0-9_-]+)/.exec(text);
  if (!match?.[1]) throw new Error(`no reset link mailed to ${email}`);
  return match[1];
}

describe('POST /api/auth/login', () => {
  it('returns a bearer token that opens /users/me, whatever the e-mail case', async () => {
    const response = await post('/api/auth/login', { email: 'ama@acme.TEST', password: 'correct horse battery' });
    expect(response.statusCode).toBe(200);
    const token = body<{ access_token: string }>(response).access_token;
    const me = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: { authorization: `Bearer ${token}` } });
    expect(me.statusCode).toBe(200);
    expect(body(me)).toEqual({
      id: expect.any(Number) as number,
      name: 'Ama Mensah',
      email: 'Ama@Acme.test',
      role: 'orgadmin',
      avatar: null,
      orgId,
      organisation: { id: orgId, name: 'Acme Payments' },
    });
    expect(me.body).not.toContain('password');
  });

  it('answers a wrong password and an unknown e-mail with the same 401', async () => {
    const wrong = await post('/api/auth/login', { email: 'ama@acme.test', password: 'not the password' });
    const unknown = await post('/api/auth/login', { email: 'nobody@acme.test', password: 'whatever123' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(body(wrong)).toEqual({ statusCode: 401, error: 'Unauthorized', message: 'Invalid email or password.' });
    expect(body(unknown)).toEqual(body(wrong));
  });

  it('rejects missing fields, unknown fields and malformed JSON with 400', async () => {
    const missing = await post('/api/auth/login', { email: 'ama@acme.test' });
    expect(missing.statusCode).toBe(400);
    expect(body(missing)['message']).toContain('body.password is required');
    const extra = await post('/api/auth/login', { email: 'a@b.c', password: 'x', role: 'superadmin' });
    expect(body(extra)['message']).toContain('unknown field "role"');
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(body(malformed)['message']).toBe('The request body is not valid JSON.');
  });

  it('locks an e-mail after five failed attempts and unlocks it after 15 minutes', async () => {
    await createUser(t.db, { email: 'locked@acme.test', orgId });
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await post('/api/auth/login', { email: 'locked@acme.test', password: 'bad-password' })).statusCode).toBe(401);
    }
    const blocked = await post('/api/auth/login', { email: 'locked@acme.test', password: 'correct horse battery' });
    expect(blocked.statusCode).toBe(429);
    expect(body(blocked)['message']).toMatch(/Too many attempts/);
    t.clock.advance(15 * 60 * 1000 + 1000);
    expect((await post('/api/auth/login', { email: 'locked@acme.test', password: 'correct horse battery' })).statusCode).toBe(200);
  });
});

describe('password reset', () => {
  it('gives the same answer for known and unknown e-mails and mails only real accounts', async () => {
    const known = await post('/api/auth/forgot-password', { email: 'ama@acme.test' });
    const unknown = await post('/api/auth/forgot-password', { email: 'ghost@acme.test' });
    expect(known.statusCode).toBe(200);
    expect(body(known)).toEqual({ message: 'If an account exists for this email, a reset link has been sent.' });
    expect(unknown.body).toBe(known.body);
    const ghostMail = await t.db.select().from(mailMessages).where(eq(mailMessages.toAddress, 'ghost@acme.test'));
    expect(ghostMail).toHaveLength(0);
    const [reset] = await t.db.select().from(passwordResets);
    expect(reset?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    const token = await lastResetToken('Ama@Acme.test');
    // Only the hash is stored, never the token itself.
    expect(reset?.tokenHash).not.toContain(token);
  });

  it('resets the password once with the mailed token, signs out old sessions, and refuses reuse', async () => {
    await createUser(t.db, { email: 'kofi@acme.test', orgId });
    const oldToken = await signIn(t.app, 'kofi@acme.test');
    t.clock.advance(2000);
    await post('/api/auth/forgot-password', { email: 'kofi@acme.test' });
    const token = await lastResetToken('kofi@acme.test');

    const reset = await post('/api/auth/reset-password', { token, password: 'a brand new secret' });
    expect(reset.statusCode).toBe(200);
    expect(body(reset)['message']).toBe('Your password has been reset successfully!');
    expect((await post('/api/auth/login', { email: 'kofi@acme.test', password: 'correct horse battery' })).statusCode).toBe(401);
    expect((await post('/api/auth/login', { email: 'kofi@acme.test', password: 'a brand new secret' })).statusCode).toBe(200);
    const me = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: { authorization: `Bearer ${oldToken}` } });
    expect(me.statusCode).toBe(401);

    const reused = await post('/api/auth/reset-password', { token, password: 'yet another secret' });
    expect(reused.statusCode).toBe(400);
    expect(body(reused)['message']).toBe('Invalid or expired token. Please try again.');
    expect((await post('/api/auth/login', { email: 'kofi@acme.test', password: 'a brand new secret' })).statusCode).toBe(200);
  });

  it('refuses an expired token and a short password without changing anything', async () => {
    await createUser(t.db, { email: 'esi@acme.test', orgId });
    const [before] = await t.db.select({ hash: users.passwordHash }).from(users).where(eq(users.email, 'esi@acme.test'));
    await post('/api/auth/forgot-password', { email: 'esi@acme.test' });
    const token = await lastResetToken('esi@acme.test');

    const short = await post('/api/auth/reset-password', { token, password: 'short' });
    expect(short.statusCode).toBe(400);
    expect(body(short)['message']).toBe('Password must be at least 8 characters long.');

    t.clock.advance(60 * 60 * 1000 + 1);
    const expired = await post('/api/auth/reset-password', { token, password: 'long enough now' });
    expect(expired.statusCode).toBe(400);
    expect(body(expired)['message']).toBe('Invalid or expired token. Please try again.');
    const [after] = await t.db.select({ hash: users.passwordHash }).from(users).where(eq(users.email, 'esi@acme.test'));
    expect(after?.hash).toBe(before?.hash);
  });

  it('refuses a made-up token', async () => {
    const response = await post('/api/auth/reset-password', { token: 'made-up-token', password: 'long enough now' });
    expect(response.statusCode).toBe(400);
  });

  it('stops mailing an address after three requests an hour but keeps the same answer', async () => {
    await createUser(t.db, { email: 'spam@acme.test', orgId });
    for (let i = 0; i < 5; i++) {
      const response = await post('/api/auth/forgot-password', { email: 'spam@acme.test' });
      expect(body(response)).toEqual({ message: 'If an account exists for this email, a reset link has been sent.' });
    }
    const mails = await t.db.select().from(mailMessages).where(eq(mailMessages.toAddress, 'spam@acme.test'));
    expect(mails).toHaveLength(3);
  });

  it('requires a valid e-mail to ask for a reset', async () => {
    const response = await post('/api/auth/forgot-password', { email: 'not-an-email' });
    expect(response.statusCode).toBe(400);
    expect(body(response)['message']).toContain('body.email');
  });
});

describe('per-IP rate limit', () => {
  it('answers 429 with a clear message past the per-minute limit', async () => {
    const limited = await buildTestApp({ authRateLimitPerMinute: 3 });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 4; i++) {
        const response = await limited.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: `x${i}@y.z`, password: 'whatever1' },
        });
        codes.push(response.statusCode);
        if (response.statusCode === 429) expect(body(response)['message']).toMatch(/Too many requests\. Please try again in \d+ seconds\./);
      }
      expect(codes).toEqual([401, 401, 401, 429]);
    } finally {
      await limited.close();
    }
  });
});
