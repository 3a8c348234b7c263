// An organisation's API tokens (docs/security.md#api-tokens): one current token, and the tokens a roll retired, each
// accepted until its own expiry. Expiry is always judged by the injected clock, never by the database's now(), so a
// token is refused at the same instant in every process and in tests that move time.
import type { Static } from 'typebox';
import { DEFAULT_GRACE_HOURS, type ApiToken, type ApiTokenState } from '../../../isomorphic/schemas/api-tokens.ts';
import type { Clock } from '../../clock.ts';
import type { AuditActor } from '../audit/audit-actor.ts';
import { recordAudit } from '../audit/audit-service.ts';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import { maskSecret, open, seal } from '../crypto/secret-box.ts';
import * as tokens from './api-tokens-repository.ts';
import { hashToken, newApiToken } from './organisation-tokens.ts';
import { lockOrganisation } from './organisations-repository.ts';

export interface ApiTokenContext {
  db: Database;
  clock: Clock;
  dataKey: Buffer;
}

type PublicApiToken = Static<typeof ApiToken>;

/** How many tokens the list shows: the current one, those still accepted, then the most recently expired. */
const LISTED_TOKENS = 10;
const HOUR_MS = 3_600_000;

/** Whether a token that expires at `expiresAt` (null: the current token) is accepted at `now`. */
export function isApiTokenAccepted(expiresAt: Date | null, now: Date): boolean {
  return expiresAt === null || now.getTime() < expiresAt.getTime();
}

function stateOf(expiresAt: Date | null, now: Date): ApiTokenState {
  if (expiresAt === null) return 'current';
  return isApiTokenAccepted(expiresAt, now) ? 'expiring' : 'expired';
}

/** The four last characters of a token: what the list shows of a token nobody can read any more. */
const hintOf = (token: string) => token.slice(-4);

/** Stores a new current token for the organisation (the caller holds no current one) and returns it in full. */
export async function issueApiToken(
  db: Database,
  ctx: Omit<ApiTokenContext, 'db'>,
  orgId: number,
  createdBy: number | null,
): Promise<string> {
  const token = newApiToken();
  await tokens.insertApiToken(db, {
    orgId,
    tokenHash: hashToken(token),
    tokenSealed: seal(ctx.dataKey, token),
    tokenHint: hintOf(token),
    createdBy,
    createdAt: ctx.clock.now(),
  });
  return token;
}

/** The organisation's newest tokens; the current one in full only when `revealCurrent` (superadmins). */
export async function listApiTokens(ctx: ApiTokenContext, orgId: number, revealCurrent: boolean): Promise<{ items: PublicApiToken[] }> {
  const now = ctx.clock.now();
  const rows = await tokens.listApiTokens(ctx.db, orgId, LISTED_TOKENS);
  return {
    items: rows.map((row) => {
      const current = row.tokenSealed === null ? null : open(ctx.dataKey, row.tokenSealed);
      return {
        id: row.id,
        state: stateOf(row.expiresAt, now),
        token: revealCurrent ? current : null,
        hint: current === null ? `••••${row.tokenHint ?? ''}` : maskSecret(current),
        createdAt: row.createdAt,
        createdBy: row.createdBy,
        expiresAt: row.expiresAt,
        lastUsedAt: row.lastUsedAt,
      };
    }),
  };
}

/**
 * Rolls the organisation's API token: a new current token, and the old one accepted for `graceHours` more (0: refused
 * at once). A roll never lengthens the life of a token rolled before: every older token that would outlive the grace
 * period expires with the one just retired, so a roll with grace 0 shuts out every earlier token.
 */
export async function rotateApiToken(
  ctx: ApiTokenContext,
  orgId: number,
  options: { graceHours?: number | undefined; rolledBy: number; revealCurrent: boolean; actor: AuditActor },
): Promise<{ token: string; items: PublicApiToken[] }> {
  const graceHours = options.graceHours ?? DEFAULT_GRACE_HOURS;
  const token = await ctx.db.transaction(async (tx) => {
    // Two rolls at once would both retire the same current token and then collide on the one-current-token index.
    if (!(await lockOrganisation(tx, orgId))) throw notFound('Organisation not found.');
    const now = ctx.clock.now();
    const expiresAt = new Date(now.getTime() + graceHours * HOUR_MS);
    await tokens.shortenRolledApiTokens(tx, orgId, expiresAt);
    const current = await tokens.findCurrentApiToken(tx, orgId);
    if (current) {
      const hint = current.tokenHint ?? hintOf(open(ctx.dataKey, current.tokenSealed ?? ''));
      await tokens.retireApiToken(tx, current.id, { at: now, expiresAt, hint });
    }
    const issued = await issueApiToken(tx, ctx, orgId, options.rolledBy);
    await recordAudit(tx, ctx.clock, options.actor, {
      action: 'organisation.api-token.rotate',
      targetType: 'organisation',
      targetId: orgId,
      orgId,
      // The new token masked to its last characters; the retired one's until when.
      changes: { apiToken: { before: null, after: issued }, graceHours: { before: null, after: graceHours } },
    });
    return issued;
  });
  return { token, ...(await listApiTokens(ctx, orgId, options.revealCurrent)) };
}

/** The token behind an API call, if it is known and still accepted now. */
export async function acceptedApiToken(db: Database, clock: Clock, token: string): Promise<tokens.ApiTokenForLookup | undefined> {
  const row = await tokens.findApiTokenByHash(db, hashToken(token));
  return row && isApiTokenAccepted(row.expiresAt, clock.now()) ? row : undefined;
}
