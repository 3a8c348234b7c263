import { createHash, randomBytes } from 'node:crypto';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/client.ts';
import { badRequest, unauthorized } from '../../errors.ts';
import { actingUser } from '../audit/audit-actor.ts';
import { recordAudit, type AuditActor } from '../audit/audit-service.ts';
import type { Mailer } from '../mail/mailer.ts';
import { findUserByEmail, findUserById, updatePasswordHash } from '../users/users-repository.ts';
import { consumePasswordReset, insertPasswordReset, invalidateUserResets } from './password-resets-repository.ts';
import { MIN_PASSWORD_LENGTH, hashPassword, verifyAgainstDecoy, verifyPassword } from './passwords.ts';
import { resetLink } from './reset-link.ts';
import { CHALLENGE_LIFETIME_SECONDS, signChallengeToken, verifyChallengeToken, type ChallengePurpose } from './challenge-tokens.ts';
import { revokeSessionsExcept } from './sessions-repository.ts';
import { renewSessionToken, startSession, type ClientInfo } from './sessions-service.ts';
import { INVALID_CODE, checkSecondFactor, secondStepOf } from './two-factor-service.ts';
import type { UserRecord } from '../users/users-repository.ts';

export const RESET_TOKEN_LIFETIME_MS = 60 * 60 * 1000;
export const INVALID_CREDENTIALS = 'Invalid email or password.';
export const INVALID_RESET_TOKEN = 'Invalid or expired token. Please try again.';
export const FORGOT_PASSWORD_ANSWER = 'If an account exists for this email, a reset link has been sent.';
export const CHALLENGE_EXPIRED = 'Your sign-in has expired. Please sign in again.';

export interface AuthContext {
  db: Database;
  clock: Clock;
  jwtSecret: Uint8Array;
}

/** What signing in needs beyond AuthContext: the TOTP key and whether superadmins must use 2FA. */
export interface SignInContext extends AuthContext {
  dataKey: Buffer;
  requireForSuperadmins: boolean;
}

/** A session token, or the challenge of the second step the sign-in still needs. */
export type SignInResult = { session: string } | { step: ChallengePurpose; challengeToken: string; expiresIn: number };

/**
 * Checks credentials; the same 401 for unknown e-mail and wrong password. With the right password: a session, or —
 * when the user has 2FA, or must enrol first — a short-lived challenge and no session yet. A failure is audited on its
 * own (there is no change); a success when the session opens (here, or after the second step).
 */
export async function login(
  ctx: SignInContext,
  email: string,
  password: string,
  client: ClientInfo,
  from: AuditActor,
): Promise<SignInResult> {
  const user = await findUserByEmail(ctx.db, email);
  const actor: AuditActor = user ? actingUser(from, user) : { ...from, kind: 'user', userId: null, label: email, role: null };
  const signIn = { targetType: 'user', targetId: user?.id ?? null, orgId: user?.orgId ?? null };
  if (!user) {
    await verifyAgainstDecoy(password);
    await recordAudit(ctx.db, ctx.clock, actor, { action: 'auth.sign-in.failed', ...signIn });
    throw unauthorized(INVALID_CREDENTIALS);
  }
  if (!(await verifyPassword(password, user.passwordHash))) {
    await recordAudit(ctx.db, ctx.clock, actor, { action: 'auth.sign-in.failed', ...signIn });
    throw unauthorized(INVALID_CREDENTIALS);
  }
  const step = secondStepOf(ctx, user);
  if (step === null) {
    await recordAudit(ctx.db, ctx.clock, actor, { action: 'auth.sign-in', ...signIn });
    return { session: await startSession(ctx, user, client) };
  }
  const challengeToken = await signChallengeToken(
    ctx.jwtSecret,
    { userId: user.id, purpose: step, sessionVersion: user.sessionVersion },
    ctx.clock,
  );
  return { step, challengeToken, expiresIn: CHALLENGE_LIFETIME_SECONDS };
}

/**
 * The user a challenge of this purpose was issued to, while it is still valid: 401 once it expired, or when the
 * password changed or the 2FA state moved on since.
 */
export async function userOfChallenge(ctx: SignInContext, challengeToken: string, purpose: ChallengePurpose): Promise<UserRecord> {
  const claims = await verifyChallengeToken(ctx.jwtSecret, challengeToken, purpose, ctx.clock);
  const user = claims && (await findUserById(ctx.db, claims.userId));
  if (!claims || !user || user.sessionVersion !== claims.sessionVersion || secondStepOf(ctx, user) !== purpose) {
    throw unauthorized(CHALLENGE_EXPIRED);
  }
  return user;
}

/** The second step of a sign-in: a TOTP code or an unused recovery code opens the session; 401 otherwise. Both audited. */
export async function completeTwoFactorSignIn(
  ctx: SignInContext,
  user: UserRecord,
  code: string,
  client: ClientInfo,
  from: AuditActor,
): Promise<string> {
  const signIn = { targetType: 'user', targetId: user.id, orgId: user.orgId };
  if (!(await checkSecondFactor(ctx, user, code))) {
    await recordAudit(ctx.db, ctx.clock, actingUser(from, user), {
      action: 'auth.sign-in.failed',
      ...signIn,
      changes: { step: { before: null, after: 'code' } },
    });
    throw unauthorized(INVALID_CODE);
  }
  await recordAudit(ctx.db, ctx.clock, actingUser(from, user), {
    action: 'auth.sign-in',
    ...signIn,
    changes: { step: { before: null, after: 'code' } },
  });
  return startSession(ctx, user, client);
}

const hashResetToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Creates a single-use, one-hour reset link and e-mails it. Unknown e-mails are silently ignored
 * so the answer never reveals whether an account exists.
 */
export async function requestPasswordReset(
  ctx: AuthContext & { mailer: Mailer; publicUrl: string },
  email: string,
  from: AuditActor,
): Promise<void> {
  const user = await findUserByEmail(ctx.db, email);
  if (!user) return;
  const token = randomBytes(32).toString('base64url');
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    await insertPasswordReset(tx, {
      userId: user.id,
      tokenHash: hashResetToken(token),
      expiresAt: new Date(now.getTime() + RESET_TOKEN_LIFETIME_MS),
      createdAt: now,
    });
    const actor: AuditActor = { ...from, kind: 'user', userId: null, label: email, role: null };
    await recordAudit(tx, ctx.clock, actor, {
      action: 'auth.password-reset.request',
      targetType: 'user',
      targetId: user.id,
      orgId: user.orgId,
    });
  });
  const link = resetLink(ctx.publicUrl, token);
  await ctx.mailer.queue({
    to: user.email,
    subject: 'Reset your Payrail password',
    secrets: [token],
    text: `Hello ${user.name},\n\nSomeone asked to reset the password of your Payrail account. Open this link within one hour to choose a new password:\n\n${link}\n\nIf you did not ask for this, ignore this e-mail; your password stays as it is.\n`,
    html: `<p>Hello ${escapeHtml(user.name)},</p><p>Someone asked to reset the password of your Payrail account. Open this link within one hour to choose a new password:</p><p><a href="${escapeHtml(link)}">Reset your password</a></p><p>If you did not ask for this, ignore this e-mail; your password stays as it is.</p>`,
  });
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Sets a new password with a reset token; the token works once, within the hour. */
export async function resetPassword(ctx: AuthContext, token: string, password: string, from: AuditActor): Promise<void> {
  assertPasswordLength(password);
  const passwordHash = await hashPassword(password);
  await ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const userId = await consumePasswordReset(tx, hashResetToken(token), now);
    if (userId === undefined) throw badRequest(INVALID_RESET_TOKEN);
    await updatePasswordHash(tx, userId, passwordHash, now);
    await invalidateUserResets(tx, userId, now);
    await revokeSessionsExcept(tx, userId, null, now);
    const user = await findUserById(tx, userId);
    const actor: AuditActor = {
      ...from,
      kind: 'user',
      userId,
      label: user ? `${user.name} <${user.email}>` : null,
      role: user?.role ?? null,
    };
    const changes = { password: { before: 'set', after: password } };
    await recordAudit(tx, ctx.clock, actor, {
      action: 'auth.password.reset',
      targetType: 'user',
      targetId: userId,
      orgId: user?.orgId ?? null,
      changes,
    });
  });
}

/**
 * Changes the caller's own password after checking the current one. Every other session ends; the caller's own goes
 * on with the fresh token this returns.
 */
export async function changePassword(
  ctx: AuthContext,
  userId: number,
  sessionId: string,
  currentPassword: string,
  newPassword: string,
  actor: AuditActor,
): Promise<string> {
  const user = await findUserById(ctx.db, userId);
  if (!user) throw unauthorized();
  if (!(await verifyPassword(currentPassword, user.passwordHash))) throw badRequest('Current password is incorrect.');
  assertPasswordLength(newPassword);
  const passwordHash = await hashPassword(newPassword);
  const sessionVersion = await ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const version = await updatePasswordHash(tx, userId, passwordHash, now);
    await invalidateUserResets(tx, userId, now);
    await revokeSessionsExcept(tx, userId, sessionId, now);
    const changes = { password: { before: currentPassword, after: newPassword } };
    await recordAudit(tx, ctx.clock, actor, {
      action: 'user.password.change',
      targetType: 'user',
      targetId: userId,
      orgId: user.orgId,
      changes,
    });
    return version;
  });
  return renewSessionToken(ctx, { id: userId, role: user.role, orgId: user.orgId, sessionVersion }, sessionId);
}

/** Rejects passwords shorter than the minimum with the console's wording. */
export function assertPasswordLength(password: string): void {
  if (password.length < MIN_PASSWORD_LENGTH) throw badRequest(`Password must be at least ${MIN_PASSWORD_LENGTH} characters long.`);
}
