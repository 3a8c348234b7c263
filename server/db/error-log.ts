import { stdSerializers } from 'pino';
import { sqlState } from './errors.ts';

/** The fields of a PostgreSQL error that name the schema, never the data. */
const SHAPE_FIELDS = ['severity', 'table', 'column', 'constraint', 'dataType', 'routine'] as const;

type Fields = Record<string, unknown>;
type SerializedError = { type: string; message: string; stack: string; [key: string]: unknown };

/** The error in `error`'s cause chain that carries the SQLSTATE (pg's or PGlite's DatabaseError). */
function databaseErrorOf(error: unknown): Fields | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    if (sqlState(current) && typeof (current as Fields)['code'] === 'string') return current as Fields;
    current = (current as Fields)['cause'];
  }
  return undefined;
}

/** Quoted text in a PostgreSQL message may be a value (`invalid input syntax for type integer: "…"`); names are logged apart. */
const withoutQuoted = (message: unknown) => (typeof message === 'string' ? message.replace(/"[^"]*"/g, '"…"') : '');

/**
 * pino's `err` serializer, except that a database error is logged by its SQLSTATE, the statement with its placeholders
 * and the table, column or constraint involved: never the statement's parameters, the error's `detail` (`Key
 * (email)=(…)`) or the failing row, which hold customers' personal data.
 */
export function serializeError(error: Error): SerializedError {
  const database = databaseErrorOf(error);
  if (!database) return stdSerializers.err(error);
  const statement = (error as Error & { query?: unknown }).query;
  const shape: Fields = {};
  for (const field of SHAPE_FIELDS) if (typeof database[field] === 'string') shape[field] = database[field];
  return {
    type: 'DatabaseError',
    code: database['code'],
    message: `database error ${String(database['code'])}: ${withoutQuoted(database['message'])}`,
    ...shape,
    ...(typeof statement === 'string' ? { statement } : {}),
    stack: (error.stack ?? '')
      .split('\n')
      .filter((line) => line.trimStart().startsWith('at '))
      .join('\n'),
  };
}
