import { getTableColumns, type Column, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from './client.ts';

/** Runs raw SQL and returns its rows (PGlite and node-postgres both answer `{ rows }`). */
export async function queryRows<Row>(db: Database, query: SQL): Promise<Row[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: Row[] }).rows;
}

/** [property, column name, column] of the mapped properties: computed once per table or key list (hot paths). */
type ColumnMapping = [key: string, name: string, column: Column][];
// Key lists are module constants (the columns a statement selects), so the cache stays small.
const mappings = new WeakMap<PgTable, Map<readonly string[] | 'all', ColumnMapping>>();

function mappingOf(table: PgTable, keys?: readonly string[]): ColumnMapping {
  let byKeys = mappings.get(table);
  if (!byKeys) mappings.set(table, (byKeys = new Map<readonly string[] | 'all', ColumnMapping>()));
  let mapping = byKeys.get(keys ?? 'all');
  if (!mapping) {
    const columns = getTableColumns(table) as Record<string, Column>;
    mapping = (keys ?? Object.keys(columns)).map((key) => [key, columns[key]!.name, columns[key]!]);
    byKeys.set(keys ?? 'all', mapping);
  }
  return mapping;
}

function mapRow(raw: Record<string, unknown>, mapping: ColumnMapping): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (const [key, name, column] of mapping) {
    const value = raw[name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row;
}

/** A raw row of `table` (keyed by column name, as a raw statement returns it) in the table's Drizzle shape. */
export function rowFromDriver<Table extends PgTable>(table: Table, raw: Record<string, unknown>): Table['$inferSelect'] {
  return mapRow(raw, mappingOf(table));
}

/** Some of `table`'s properties from a raw row (keyed by column name), as `rowFromDriver` maps them. */
export function columnsFromDriver<Table extends PgTable, Key extends keyof Table['$inferSelect'] & string>(
  table: Table,
  raw: Record<string, unknown>,
  keys: readonly Key[],
): Pick<Table['$inferSelect'], Key> {
  return mapRow(raw, mappingOf(table, keys)) as Pick<Table['$inferSelect'], Key>;
}

/**
 * SQL for a timestamptz as the text Date#toISOString writes — UTC, milliseconds, "Z" — whatever the session's time
 * zone: rows bound for a JSON response skip a Date per timestamp.
 */
export function isoTimestampSql(expression: string): string {
  return `to_char(${expression} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/** The column names of some of `table`'s properties (qualified by `alias`), comma-separated, for a select list. */
export function columnList<Table extends PgTable>(
  table: Table,
  keys: readonly (keyof Table['$inferSelect'] & string)[],
  alias?: string,
): string {
  return mappingOf(table, keys)
    .map(([, name]) => (alias ? `${alias}.${name}` : name))
    .join(', ');
}

/** Text with LIKE's wildcards (%, _) and its escape character escaped, so it matches itself literally. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
