import { createHash, randomInt } from 'node:crypto';
import { actingUser, type AuditActor } from '../audit/audit-actor.ts';
import { recordAudit, type AuditEntry } from '../audit/audit-service.ts';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/client.ts';
import { badRequest, conflict, unauthorized } from '../../errors.ts';
import { RECOVERY_CODE_COUNT, type TwoFactorStatus } from '../../../isomorphic/schemas/two-factor.ts';
import type { TwoFactorStep } from '../../../isomorphic/schemas/auth.ts';
import { open, seal } from '../crypto/secret-box.ts';
import * as users from '../users/users-repository.ts';
import { verifyPassword } from './passwords.ts';
import { consumeRecoveryCode, countUnusedRecoveryCodes, deleteRecoveryCodes, replaceRecoveryCodes } from './recovery-codes-repository.ts';
import { revokeSessionsExcept } from './sessions-repository.ts';
import { matchingTotpStep, newTotpSecret, totpUri } from './totp.ts';

export const INVALID_CODE = 'Invalid authentication code.';
export const TWO_FACTOR_REQUIRED = 'Two-factor authentication is required for superadmins and cannot be turned off.';

export interface TwoFactorContext {
  db: Database;
  clock: Clock;
  /** The key TOTP secrets are sealed with. */
  dataKey: Buffer;
  /** REQUIRE_2FA_FOR_SUPERADMINS. */
  requireForSuperadmins: boolean;
}

/** Whether this account must have 2FA (and may not turn it off). */
export function twoFactorRequired(ctx: Pick<TwoFactorContext, 'requireForSuperadmins'>, user: { role: string }): boolean {
  return ctx.requireForSuperadmins && user.role === 'superadmin';
}

/** The second step a sign-in with the right password still needs, or null when the password was enough. */
export function secondStepOf(
  ctx: Pick<TwoFactorContext, 'requireForSuperadmins'>,
  user: Pick<users.UserRecord, 'role' | 'totpEnabledAt'>,
): TwoFactorStep | null {
  if (user.totpEnabledAt) return 'code';
  return twoFactorRequired(ctx, user) ? 'enrol' : null;
}

// Recovery codes: 10 characters of an alphabet without look-alikes (about 49 bits), shown as xxxxx-xxxxx.
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const normaliseRecoveryCode = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');
const hashRecoveryCode = (code: string) => createHash('sha256').update(normaliseRecoveryCode(code)).digest('hex');

function newRecoveryCode(): string {
  const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/** A 6-digit code (spaces allowed, as apps show "123 456"). */
const totpCodeOf = (code: string) => {
  const digits = code.replace(/\s/g, '');
  return /^\d{6}$/.test(digits) ? digits : undefined;
};

async function userOrUnauthorized(db: Database, userId: number): Promise<users.UserRecord> {
  const user = await users.findUserById(db, userId);
  if (!user) throw unauthorized();
  return user;
}

/** The caller's 2FA state, for the profile screen. */
export async function twoFactorStatus(ctx: TwoFactorContext, userId: number): Promise<TwoFactorStatus> {
  const user = await userOrUnauthorized(ctx.db, userId);
  return {
    enabled: user.totpEnabledAt !== null,
    enabledAt: user.totpEnabledAt,
    recoveryCodesLeft: user.totpEnabledAt ? await countUnusedRecoveryCodes(ctx.db, userId) : 0,
    required: twoFactorRequired(ctx, user),
  };
}

/** Starts an enrolment: a new secret, stored sealed until a code proves the app has it. 409 while 2FA is on. */
export async function beginEnrolment(
  ctx: TwoFactorContext,
  userId: number,
  from: AuditActor,
): Promise<{ secret: string; otpauthUri: string }> {
  const user = await userOrUnauthorized(ctx.db, userId);
  if (user.totpEnabledAt) throw conflict('Two-factor authentication is already on. Turn it off first to set it up again.');
  const secret = newTotpSecret();
  await ctx.db.transaction(async (tx) => {
    await users.setPendingTotpSecret(tx, userId, seal(ctx.dataKey, secret), ctx.clock.now());
    await recordAudit(tx, ctx.clock, actingUser(from, user), twoFactorEntry('user.two-factor.setup', user));
  });
  return { secret, otpauthUri: totpUri(secret, user.email) };
}

/**
 * Finishes an enrolment with a code from the app: 2FA goes on, ten recovery codes are made (returned once, stored
 * hashed), and every other session of the user ends.
 */
export async function confirmEnrolment(
  ctx: TwoFactorContext,
  userId: number,
  code: string,
  keepSessionId: string | null,
  from: AuditActor,
): Promise<string[]> {
  const user = await userOrUnauthorized(ctx.db, userId);
  if (user.totpEnabledAt) throw conflict('Two-factor authentication is already on.');
  if (!user.totpSecret) throw badRequest('Start the set-up first: there is no secret to confirm.');
  const digits = totpCodeOf(code);
  const step = digits === undefined ? undefined : matchingTotpStep(open(ctx.dataKey, user.totpSecret), digits, ctx.clock.now());
  if (step === undefined) throw badRequest(INVALID_CODE);
  const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    if (!(await users.enableTotp(tx, userId, step, now))) throw conflict('Two-factor authentication is already on.');
    await replaceRecoveryCodes(tx, userId, recoveryCodes.map(hashRecoveryCode), now);
    await revokeSessionsExcept(tx, userId, keepSessionId, now);
    await recordAudit(tx, ctx.clock, actingUser(from, user), twoFactorEntry('user.two-factor.enable', user, true));
  });
  return recoveryCodes;
}

/**
 * Checks a second factor of an enrolled user: a TOTP code not used before, or an unused recovery code (used up
 * by this). False for anything else.
 */
export async function checkSecondFactor(ctx: TwoFactorContext, user: users.UserRecord, code: string): Promise<boolean> {
  if (!user.totpEnabledAt || !user.totpSecret) return false;
  const digits = totpCodeOf(code);
  if (digits !== undefined) {
    const step = matchingTotpStep(open(ctx.dataKey, user.totpSecret), digits, ctx.clock.now());
    return step !== undefined && (await users.claimTotpStep(ctx.db, user.id, step));
  }
  if (normaliseRecoveryCode(code).length !== 10) return false;
  return consumeRecoveryCode(ctx.db, user.id, hashRecoveryCode(code), ctx.clock.now());
}

/** Turns 2FA off after the password or a current code; other sessions end. 400 where it is required. */
export async function disableTwoFactor(
  ctx: TwoFactorContext,
  userId: number,
  proof: { password?: string | undefined; code?: string | undefined },
  keepSessionId: string | null,
  from: AuditActor,
): Promise<void> {
  const user = await userOrUnauthorized(ctx.db, userId);
  if (!user.totpEnabledAt) throw badRequest('Two-factor authentication is not on.');
  if (twoFactorRequired(ctx, user)) throw badRequest(TWO_FACTOR_REQUIRED);
  if (proof.password === undefined && proof.code === undefined) throw badRequest('Enter your password or an authentication code.');
  const proven =
    proof.password !== undefined
      ? await verifyPassword(proof.password, user.passwordHash)
      : proof.code !== undefined && (await checkSecondFactor(ctx, user, proof.code));
  if (!proven) throw badRequest(proof.password !== undefined ? 'Current password is incorrect.' : INVALID_CODE);
  await ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    await clearTwoFactor(tx, userId, now);
    await revokeSessionsExcept(tx, userId, keepSessionId, now);
    await recordAudit(tx, ctx.clock, actingUser(from, user), twoFactorEntry('user.two-factor.disable', user, false));
  });
}

/** The audit entry of a change to a user's own two-factor sign-in (`enabled`: what it became, when it changed). */
function twoFactorEntry(action: string, user: users.UserRecord, enabled?: boolean): AuditEntry {
  return {
    action,
    targetType: 'user',
    targetId: user.id,
    orgId: user.orgId,
    ...(enabled === undefined ? {} : { changes: { twoFactor: { before: !enabled, after: enabled } } }),
  };
}

/** Removes a user's 2FA entirely (secret and recovery codes): turning it off, or an admin's reset of the user. */
export async function clearTwoFactor(db: Database, userId: number, now: Date): Promise<void> {
  await users.clearTotp(db, userId, now);
  await deleteRecoveryCodes(db, userId);
}
