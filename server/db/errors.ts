/** The PostgreSQL SQLSTATE of an error thrown by a query (looking through Drizzle's wrapper). */
export function sqlState(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** A unique constraint was violated (a concurrent duplicate). */
export const isUniqueViolation = (error: unknown) => sqlState(error) === '23505';
/** A foreign key still references the row (it is in use). */
export const isForeignKeyViolation = (error: unknown) => sqlState(error) === '23503';
/**
 * A value the database could not take (SQLSTATE class 22: out of range, malformed, untranslatable text; 54001: nested
 * too deeply): bad input that slipped past the request schemas.
 */
export const isDataException = (error: unknown) => {
  const state = sqlState(error);
  return state !== undefined && (state.startsWith('22') || state === '54001');
};
