import { isIPv6 } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/client.ts';
import { HttpError } from '../../errors.ts';
import { blockUntil, clearThrottle, countHit, findThrottles } from './throttles-repository.ts';

// Guessing is slowed per account and client address, so an attacker's failures never lock the owner out from another
// address; the per-address budget bounds one address across accounts; the per-account count only adds a delay.
// Every count lives in the database (auth_throttles), so the limits hold across all processes of a deployment.
export const SIGN_IN_THROTTLE = {
  /** Failed sign-ins of one account from one address that cost nothing. */
  freeFailures: 4,
  /** Each further failure blocks that account from that address: first this long, doubling each time... */
  firstBlockMs: 15_000,
  /** ...up to this. */
  maxBlockMs: 15 * 60_000,
  /** An account and address pair forgets its failures this long after the last one. */
  pairMemoryMs: 60 * 60_000,
  /** Failed sign-ins of an account from any address, counted per window... */
  accountWindowMs: 15 * 60_000,
  /** ...beyond which every sign-in of that account waits accountDelayMs before its password is checked. */
  accountSlowAfter: 20,
  accountDelayMs: 1_000,
  /** Reset e-mails to one e-mail address per hour; further requests get the same answer but send nothing. */
  resetMailsPerHour: 3,
};

export interface ThrottleContext {
  db: Database;
  clock: Clock;
}

/** A 429 whose Retry-After header tells the client when to come back. */
export class TooManyRequestsError extends HttpError {
  readonly headers: Record<string, string>;

  constructor(message: string, retryAfterSeconds: number) {
    super(429, message);
    this.headers = { 'retry-after': String(retryAfterSeconds) };
  }
}

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;
const secondsUntil = (until: Date, now: Date) => Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
const emailKey = (email: string) => email.trim().toLowerCase();

/** The address a throttle counts: an IPv4 address as is, an IPv6 one by its /64 network (what one subscriber holds). */
export function clientNetwork(address: string): string {
  const bare = address.replace(/%.*$/, '');
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(bare);
  if (mapped?.[1]) return mapped[1];
  if (!isIPv6(bare)) return bare;
  const [head = '', tail] = bare.split('::');
  const before = head === '' ? [] : head.split(':');
  const after = tail === undefined || tail === '' ? [] : tail.split(':');
  const groups = tail === undefined ? before : [...before, ...Array<string>(8 - before.length - after.length).fill('0'), ...after];
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}

/** Counts one request of the address against its per-minute budget for all of /api/auth/*; 429 past it. */
export async function spendAuthBudget(ctx: ThrottleContext, address: string, perMinute: number): Promise<void> {
  const now = ctx.clock.now();
  const state = await countHit(ctx.db, `auth-budget:${clientNetwork(address)}`, now, 60_000, false);
  if (state.hits <= perMinute) return;
  const seconds = secondsUntil(state.expiresAt, now);
  throw new TooManyRequestsError(`Too many requests. Please try again in ${seconds} seconds.`, seconds);
}

const pairKey = (email: string, address: string) => `sign-in:${clientNetwork(address)}:${emailKey(email)}`;
const accountKey = (email: string) => `account:${emailKey(email)}`;

/**
 * Before a password is checked: 429 while this account is blocked from this address; a short wait while the
 * account as a whole draws many failures. The right password from a clean address always gets through.
 */
export async function assertSignInAllowed(ctx: ThrottleContext, email: string, address: string): Promise<void> {
  const now = ctx.clock.now();
  const pair = pairKey(email, address);
  const states = await findThrottles(ctx.db, [pair, accountKey(email)], now);
  const blocked = states.find((state) => state.key === pair)?.blockedUntil;
  if (blocked && blocked > now) {
    const seconds = secondsUntil(blocked, now);
    const wait = seconds < 60 ? plural(seconds, 'second') : plural(Math.ceil(seconds / 60), 'minute');
    throw new TooManyRequestsError(`Too many attempts for this account. Please try again in ${wait}.`, seconds);
  }
  const accountFailures = states.find((state) => state.key !== pair)?.hits ?? 0;
  if (accountFailures >= SIGN_IN_THROTTLE.accountSlowAfter) await sleep(SIGN_IN_THROTTLE.accountDelayMs);
}

/** Counts a failed sign-in for the account and for the account from this address; blocks the pair past the free ones. */
export async function recordFailedSignIn(ctx: ThrottleContext, email: string, address: string): Promise<void> {
  const now = ctx.clock.now();
  const policy = SIGN_IN_THROTTLE;
  const key = pairKey(email, address);
  const [pair] = await Promise.all([
    countHit(ctx.db, key, now, policy.pairMemoryMs, true),
    countHit(ctx.db, accountKey(email), now, policy.accountWindowMs, false),
  ]);
  const beyond = pair.hits - policy.freeFailures;
  if (beyond <= 0) return;
  const blockMs = Math.min(policy.maxBlockMs, policy.firstBlockMs * 2 ** Math.min(beyond - 1, 30));
  await blockUntil(ctx.db, key, new Date(now.getTime() + blockMs));
}

/** A successful sign-in ends the failure streak of the account from this address (not the account's count). */
export async function recordSignIn(ctx: ThrottleContext, email: string, address: string): Promise<void> {
  await clearThrottle(ctx.db, pairKey(email, address));
}

/** Whether another reset e-mail may go to this address this hour (counted, so concurrent requests cannot exceed it). */
export async function takeResetMailSlot(ctx: ThrottleContext, email: string): Promise<boolean> {
  const state = await countHit(ctx.db, `reset-mail:${emailKey(email)}`, ctx.clock.now(), 60 * 60_000, false);
  return state.hits <= SIGN_IN_THROTTLE.resetMailsPerHour;
}
