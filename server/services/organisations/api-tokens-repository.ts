import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { columnList, columnsFromDriver } from '../../db/raw.ts';
import { runStatement, StatementParams } from '../../db/statements.ts';
import { organisationApiTokens, users } from '../../db/schema.ts';

export type ApiTokenInsert = typeof organisationApiTokens.$inferInsert;

/** What a call authenticated by an API token needs of it. */
const LOOKUP_KEYS = ['id', 'orgId', 'expiresAt', 'lastUsedAt'] as const;
export type ApiTokenForLookup = Pick<typeof organisationApiTokens.$inferSelect, (typeof LOOKUP_KEYS)[number]>;

const tokenByHashText = `select ${columnList(organisationApiTokens, LOOKUP_KEYS)} from organisation_api_tokens where token_hash = $1`;

/** The token with this hash, current or rolled (a prepared statement: every API-token call runs it). */
export async function findApiTokenByHash(db: Database, hash: string): Promise<ApiTokenForLookup | undefined> {
  const params = new StatementParams();
  params.add(hash);
  const [raw] = await runStatement<Record<string, unknown>>(db, 'api_token_by_hash', tokenByHashText, params, { shortRead: true });
  return raw && columnsFromDriver(organisationApiTokens, raw, LOOKUP_KEYS);
}

/** Stores a token. */
export async function insertApiToken(db: Database, values: ApiTokenInsert): Promise<number> {
  const [row] = await db.insert(organisationApiTokens).values(values).returning({ id: organisationApiTokens.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

/** The organisation's current token (sealed) and its hint. */
export async function findCurrentApiToken(db: Database, orgId: number) {
  const [row] = await db
    .select({ id: organisationApiTokens.id, tokenSealed: organisationApiTokens.tokenSealed, tokenHint: organisationApiTokens.tokenHint })
    .from(organisationApiTokens)
    .where(and(eq(organisationApiTokens.orgId, orgId), isNull(organisationApiTokens.expiresAt)))
    .limit(1);
  return row;
}

/** Retires the current token: accepted until expiresAt, its sealed copy erased, its hint kept. */
export async function retireApiToken(db: Database, id: number, values: { at: Date; expiresAt: Date; hint: string }): Promise<void> {
  await db
    .update(organisationApiTokens)
    .set({ expiresAt: values.expiresAt, retiredAt: values.at, tokenSealed: null, tokenHint: values.hint })
    .where(eq(organisationApiTokens.id, id));
}

/** Brings every rolled token of the organisation that would outlive `expiresAt` forward to it. */
export async function shortenRolledApiTokens(db: Database, orgId: number, expiresAt: Date): Promise<void> {
  await db
    .update(organisationApiTokens)
    .set({ expiresAt })
    .where(and(eq(organisationApiTokens.orgId, orgId), gt(organisationApiTokens.expiresAt, expiresAt)));
}

/** The organisation's newest tokens, the current one first, with the name of the user who rolled each in. */
export async function listApiTokens(db: Database, orgId: number, limit: number) {
  return db
    .select({
      id: organisationApiTokens.id,
      tokenSealed: organisationApiTokens.tokenSealed,
      tokenHint: organisationApiTokens.tokenHint,
      createdAt: organisationApiTokens.createdAt,
      createdBy: users.name,
      expiresAt: organisationApiTokens.expiresAt,
      lastUsedAt: organisationApiTokens.lastUsedAt,
    })
    .from(organisationApiTokens)
    .leftJoin(users, eq(users.id, organisationApiTokens.createdBy))
    .where(eq(organisationApiTokens.orgId, orgId))
    .orderBy(sql`${organisationApiTokens.expiresAt} is null desc`, desc(organisationApiTokens.createdAt), desc(organisationApiTokens.id))
    .limit(limit);
}

const markUsedText =
  'update organisation_api_tokens set last_used_at = $2::timestamptz where id = $1 and (last_used_at is null or last_used_at < $3::timestamptz)';

/** Records a use at `at` unless one after `unlessAfter` is already recorded (by this or another process). */
export async function markApiTokenUsed(db: Database, id: number, at: Date, unlessAfter: Date): Promise<void> {
  const params = new StatementParams();
  params.add(id);
  params.add(at.toISOString());
  params.add(unlessAfter.toISOString());
  await runStatement(db, 'api_token_mark_used', markUsedText, params);
}
