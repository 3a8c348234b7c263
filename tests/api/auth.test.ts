import { eq } from 'drizzle-orm';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mailMessages, passwordResets, users } from '../../server/db/schema.ts';
import { body, buildTestApp, createOrganisation, createUser, signIn, type TestApp } from '../helpers/app.ts';
import { captureMail, lastResetToken as mailedResetToken } from '../helpers/mail-capture.ts';
import type { OutgoingMail } from '../../server/services/mail/mailer.ts';
import type * as UsersRepository from '../../server/services/users/users-repository.ts';

// The account lookup of forgot-password can be held, to show that the answer never waits for it.
const lookup = vi.hoisted(() => ({ held: undefined as Promise<void> | undefined }));
vi.mock('../../server/services/users/users-repository.ts', async (importOriginal) => {
  const original = await importOriginal<typeof UsersRepository>();
  return {
    ...original,
    findUserByEmail: async (...args: Parameters<typeof original.findUserByEmail>) => {
      await lookup.held;
      return original.findUserByEmail(...args);
    },
  };
});

let t: TestApp;
let orgId: number;
let mailed: OutgoingMail[];

beforeAll(async () => {
  t = await buildTestApp();
  mailed = captureMail(t.app);
  orgId = await createOrganisation(t.db, 'Acme Payments');
  await createUser(t.db, { email: 'Ama@Acme.test', role: 'orgadmin', orgId, name: 'Ama Mensah' });
  await createUser(t.db, { email: 'root@payrail.test', role: 'superadmin' });
});
afterAll(() => t.close());

const post = (url: string, payload: unknown) => t.app.inject({ method: 'POST', url, payload: payload as Record<string, unknown> });

/** Asks for a reset link and waits until the work done after the answer has ended. */
async function forgot(email: string) {
  const response = await post('/api/auth/forgot-password', { email });
  await t.app.backgroundWork.settled();
  return response;
}

/** The reset token mailed to an address (as handed to the mailer: the stored copy has it redacted). */
async function lastResetToken(email: string): Promise<string> {
  await t.app.backgroundWork.settled();
  return mailedResetToken(mailed, email);
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
});

describe('password reset', () => {
  it('gives the same answer for known and unknown e-mails and mails only real accounts', async () => {
    const known = await forgot('ama@acme.test');
    const unknown = await forgot('ghost@acme.test');
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
    // No clock move: the reset ends a session issued in its very second.
    await forgot('kofi@acme.test');
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
    await forgot('esi@acme.test');
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
    const responses = await Promise.all(Array.from({ length: 5 }, () => post('/api/auth/forgot-password', { email: 'spam@acme.test' })));
    for (const response of responses) {
      expect(body(response)).toEqual({ message: 'If an account exists for this email, a reset link has been sent.' });
    }
    await t.app.backgroundWork.settled();
    const mails = await t.db.select().from(mailMessages).where(eq(mailMessages.toAddress, 'spam@acme.test'));
    expect(mails).toHaveLength(3);
  });

  it('answers known and unknown e-mails alike before looking either up or mailing anything', async () => {
    await createUser(t.db, { email: 'slow@acme.test', orgId });
    const queue = t.app.mailer.queue.bind(t.app.mailer);
    let releaseLookups = () => {};
    let releaseMailer = () => {};
    lookup.held = new Promise<void>((resolve) => (releaseLookups = resolve));
    const mailerHeld = new Promise<void>((resolve) => (releaseMailer = resolve));
    let queued = 0;
    t.app.mailer.queue = async (message) => {
      queued++;
      await mailerHeld;
      return queue(message);
    };
    try {
      for (const email of ['slow@acme.test', 'nobody-here@acme.test']) {
        const answer = await Promise.race([post('/api/auth/forgot-password', { email }), sleep(5000).then(() => undefined)]);
        expect(answer?.statusCode).toBe(200);
        expect(answer && body(answer)).toEqual({ message: 'If an account exists for this email, a reset link has been sent.' });
      }
      expect(queued).toBe(0);
      releaseLookups();
      // The known account's e-mail is now being sent, and stays unsent as long as the mailer hangs.
      await vi.waitFor(() => expect(queued).toBe(1));
    } finally {
      releaseLookups();
      releaseMailer();
      lookup.held = undefined;
      t.app.mailer.queue = queue;
      await t.app.backgroundWork.settled();
    }
    expect(await lastResetToken('slow@acme.test')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('stores the reset e-mail with its token redacted; the mailed link still works', async () => {
    await createUser(t.db, { email: 'adjoa@acme.test', orgId });
    await forgot('adjoa@acme.test');
    const token = await lastResetToken('adjoa@acme.test');
    const [stored] = await t.db.select().from(mailMessages).where(eq(mailMessages.toAddress, 'adjoa@acme.test'));
    expect(stored?.textBody).toContain('http://payrail.test/reset-password/[redacted]');
    expect(stored?.htmlBody).toContain('http://payrail.test/reset-password/[redacted]');
    expect(JSON.stringify(stored)).not.toContain(token);
    expect((await post('/api/auth/reset-password', { token, password: 'adjoa new secret' })).statusCode).toBe(200);
  });

  it('requires a valid e-mail to ask for a reset', async () => {
    const response = await post('/api/auth/forgot-password', { email: 'not-an-email' });
    expect(response.statusCode).toBe(400);
    expect(body(response)['message']).toContain('body.email');
  });
});

describe('per-IP rate limit', () => {
  it('is one budget for all of /api/auth/*, answered 429 with a clear message and Retry-After past it', async () => {
    const limited = await buildTestApp({ authRateLimitPerMinute: 3 });
    try {
      const send = (url: string, payload: Record<string, unknown>) => limited.app.inject({ method: 'POST', url, payload });
      expect((await send('/api/auth/login', { email: 'x@y.z', password: 'whatever1' })).statusCode).toBe(401);
      expect((await send('/api/auth/forgot-password', { email: 'x@y.z' })).statusCode).toBe(200);
      expect((await send('/api/auth/reset-password', { token: 'made-up', password: 'whatever1' })).statusCode).toBe(400);
      for (const url of ['/api/auth/login', '/api/auth/forgot-password', '/api/auth/reset-password']) {
        const refused = await send(url, { email: 'x@y.z', password: 'whatever1', token: 'made-up' });
        expect(refused.statusCode).toBe(429);
        expect(body(refused)).toEqual({
          statusCode: 429,
          error: 'Too Many Requests',
          message: expect.stringMatching(/^Too many requests\. Please try again in \d+ seconds\.$/) as string,
        });
        expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      }
      // Another address has its own budget.
      const elsewhere = await limited.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '203.0.113.9',
        payload: { email: 'x@y.z', password: 'whatever1' },
      });
      expect(elsewhere.statusCode).toBe(401);
      await limited.app.backgroundWork.settled();
    } finally {
      await limited.close();
    }
  });
});

describe('reset links in the server log', () => {
  /** An app whose log lines are kept, with a user who asks for a reset link; returns the log and the mailed token. */
  async function askForResetLink(smtpUrl?: string) {
    const lines: string[] = [];
    const logged = await buildTestApp({ logger: { level: 'info', stream: { write: (line) => lines.push(line) } }, smtpUrl });
    try {
      const sent = captureMail(logged.app);
      await createUser(logged.db, { email: 'abena@acme.test', orgId: await createOrganisation(logged.db) });
      await logged.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: 'abena@acme.test' } });
      await logged.app.backgroundWork.settled();
      const token = mailedResetToken(sent, 'abena@acme.test');
      // Delivery (or logging) of the stored message has ended.
      await vi.waitFor(
        async () => {
          const [stored] = await logged.db.select().from(mailMessages).where(eq(mailMessages.toAddress, 'abena@acme.test'));
          expect(stored?.status).not.toBe('pending');
        },
        { timeout: 20_000, interval: 50 },
      );
      await logged.app.inject({ method: 'GET', url: `/reset-password/${token}` });
      return { log: lines.join(''), token };
    } finally {
      await logged.close();
    }
  }

  it('prints the link when no SMTP server is configured (a development convenience), never a visited reset page token', async () => {
    const { log, token } = await askForResetLink();
    expect(log.split(token)).toHaveLength(2);
    expect(log).toContain(`http://payrail.test/reset-password/${token}`);
    expect(log).toContain('"url":"/reset-password/[redacted]"');
  });

  it('never prints the link when an SMTP server is configured', async () => {
    // A closed port: delivery fails and is logged, the message is not.
    const { log, token } = await askForResetLink('smtp://127.0.0.1:9');
    expect(log).toContain('E-mail delivery failed');
    expect(log).not.toContain(token);
    expect(log).toContain('"url":"/reset-password/[redacted]"');
  });
});
