import { getTableColumns, type Column, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from './client.ts';

/** Runs raw SQL and returns its rows (PGlite and node-postgres both answer `{ rows }`). */
export async function queryRows<Row>(db: Database, query: SQL): Promise<Row[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: Row[] }).rows;
}

// [property, column name, column] of each table, computed once: mapping rows is on the hot paths.
const tableColumns = new WeakMap<PgTable, [string, string, Column][]>();

/** A raw row of `table` (keyed by column name, as a raw statement returns it) in the table's Drizzle shape. */
export function rowFromDriver<Table extends PgTable>(table: Table, raw: Record<string, unknown>): Table['$inferSelect'] {
  let columns = tableColumns.get(table);
  if (!columns) {
    columns = Object.entries(getTableColumns(table)).map(([key, column]) => [key, column.name, column]);
    tableColumns.set(table, columns);
  }
  const row: Record<string, unknown> = {};
  for (const [key, name, column] of columns) {
    const value = raw[name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row;
}

/** The column names of some of `table`'s properties (qualified by `alias`), comma-separated, for a select list. */
export function columnList<Table extends PgTable>(
  table: Table,
  keys: readonly (keyof Table['$inferSelect'] & string)[],
  alias?: string,
): string {
  const columns = getTableColumns(table) as Record<string, Column>;
  return keys.map((key) => (alias ? `${alias}.${columns[key]!.name}` : columns[key]!.name)).join(', ');
}

/** Some of `table`'s properties from a raw row (keyed by column name), as `rowFromDriver` maps them. */
export function columnsFromDriver<Table extends PgTable, Key extends keyof Table['$inferSelect'] & string>(
  table: Table,
  raw: Record<string, unknown>,
  keys: readonly Key[],
): Pick<Table['$inferSelect'], Key> {
  const columns = getTableColumns(table) as Record<string, Column>;
  const row: Record<string, unknown> = {};
  for (const key of keys) {
    const column = columns[key]!;
    const value = raw[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as Pick<Table['$inferSelect'], Key>;
}

/** Text with LIKE's wildcards (%, _) and its escape character escaped, so it matches itself literally. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
