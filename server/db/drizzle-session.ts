// The one place that reaches into Drizzle's internals (`db._.session`). Why: the hot paths run hand-written SQL as
// NAMED prepared statements (statements.ts), on a database or inside a transaction alike. Drizzle's public API has no
// way to run raw text under a statement name: `db.execute(sql)` is unnamed (parsed and planned on every call), and
// `db.$client` is the pool, not the connection a transaction holds. The session of a database or transaction
// object is what both share, and its `prepareQuery` takes a name — but it is private, so a Drizzle upgrade may change
// it: keeping the call here means such a change breaks only this file.
import type { Database } from './client.ts';

/**
 * Runs `text` with `params` as the named prepared statement `name`, on `db` (a database or a transaction); without a
 * name, as an unnamed statement (planned for this call's values).
 */
export async function executeNamed<Row>(db: Database, name: string | undefined, text: string, params: unknown[]): Promise<Row[]> {
  const result: unknown = await db._.session.prepareQuery({ sql: text, params }, undefined, name, false).execute();
  return (result as { rows: Row[] }).rows;
}
