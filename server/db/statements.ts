// Hand-written statements for the hot paths (payment lists, payment changes): their SQL text depends only on the
// shape of the call, so PostgreSQL parses and plans each one once per connection (a named prepared statement) and no
// query builder runs per request. Everything else uses Drizzle's builders.
import type { Database } from './client.ts';
import { executeNamed } from './drizzle-session.ts';
import { pipelinedReadsOf } from './pipelined-reads.ts';

/** Collects positional parameters while a statement's text is written: `params.add(value)` returns `$n`. */
export class StatementParams {
  readonly values: unknown[] = [];

  /** Adds a value and returns its placeholder. */
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/**
 * Runs a statement on a database or inside a transaction and returns its raw rows (column names as keys). `name`
 * must identify the text: the same name is always the same SQL (PostgreSQL keeps it prepared per connection; PGlite
 * runs it as is). `shortRead`: a read that ends quickly whatever the data (an index range and a limit), which may
 * then share the pipelined connection (pipelined-reads.ts); outside PostgreSQL or in a transaction it runs as any.
 * `planEachCall`: a statement whose best plan depends on its values (a substring search: one match or thousands) runs
 * unnamed, so PostgreSQL plans it for the values given rather than settling on one generic plan for all of them.
 */
export async function runStatement<Row>(
  db: Database,
  name: string,
  text: string,
  params: StatementParams,
  options: { shortRead?: boolean; planEachCall?: boolean } = {},
): Promise<Row[]> {
  if (options.planEachCall) return executeNamed<Row>(db, undefined, text, params.values);
  if (options.shortRead) {
    const rows = await pipelinedReadsOf(db)?.read<Row>(name, text, params.values);
    if (rows) return rows;
  }
  return executeNamed<Row>(db, name, text, params.values);
}

/**
 * Rows handed to a statement as ONE JSON parameter and read back as a relation with typed columns:
 * `rows from (json_to_recordset($n::json) as (name type, …))`, to follow FROM (add `with ordinality as …` for the
 * rows' order). The text depends on the columns only, never on how many rows (one prepared statement for any batch),
 * and JSON.stringify is native where an array literal per column is built in JavaScript and parsed again by the
 * server. Keys are column names; a Date travels as its ISO text; null reads as NULL.
 */
export function jsonRecordsSql<Column extends string>(
  params: StatementParams,
  rows: readonly Record<Column, unknown>[],
  columns: Record<Column, string>,
): string {
  const definition = Object.entries(columns)
    .map(([name, type]) => `${name} ${String(type)}`)
    .join(', ');
  return `rows from (json_to_recordset(${params.add(JSON.stringify(rows))}::json) as (${definition}))`;
}
