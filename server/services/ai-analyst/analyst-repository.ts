import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/raw.ts';

// The names the analyst recognises in a question, read within the caller's scope (null = every organisation).

/** Gateway and provider names of the scope's gateways (and the shared ones). */
export async function gatewayNames(db: Database, orgId: number | null): Promise<string[]> {
  const scope = orgId === null ? sql`true` : sql`(g.org_id = ${orgId} or g.org_id is null)`;
  const rows = await queryRows<{ name: string; provider: string; display_name: string }>(
    db,
    sql`select g.name, pr.name as provider, pr.display_name from gateways g join providers pr on pr.id = g.provider_id where ${scope}`,
  );
  return rows.flatMap((row) => [row.name, row.provider, row.display_name]);
}

/** Every organisation's id and name (names in a superadmin's question narrow it; in an orgadmin's, another one is refused). */
export async function organisationNames(db: Database): Promise<{ id: number; name: string }[]> {
  const rows = await queryRows<{ id: number; name: string }>(db, sql`select id, name from organisations`);
  return rows.map((row) => ({ id: Number(row.id), name: row.name }));
}

/**
 * Customer names in the scope containing one of the words, accents aside: each letter that may carry an accent
 * matches any one character here, and the parser compares the names without accents.
 */
export async function customerNamesLike(db: Database, orgId: number | null, words: string[]): Promise<string[]> {
  const patterns = words.slice(0, 8).map((word) => `%${word.replace(/[aeiouycnsz]/g, '_')}%`);
  const scope = orgId === null ? sql`true` : sql`p.org_id = ${orgId}`;
  const rows = await queryRows<{ name: string }>(
    db,
    sql`select distinct p.customer_name as name from payments p
        where ${scope} and p.customer_name ilike any (array[${sql.join(
          patterns.map((pattern) => sql`${pattern}`),
          sql`, `,
        )}]::text[]) limit 200`,
  );
  return rows.map((row) => row.name);
}
