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

/** Seconds a caller is told to wait (Retry-After) when the database is unreachable for a moment. */
export const DATABASE_RETRY_AFTER_SECONDS = 1;

// Socket-level failures reaching or talking to PostgreSQL (Node's system error codes).
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);
// What node-postgres and its pool throw when a connection ends, cannot be used any more, or cannot be had in time.
const LOST_CONNECTION_MESSAGE =
  /^(Connection terminated|Client has encountered a connection error and is not queryable|Client was closed and is not queryable|timeout exceeded when trying to connect|Cannot use a pool after calling end on the pool)/;

/**
 * Whether an error means the database connection was lost or could not be had (the database restarting, an admin
 * terminating sessions, the network), as opposed to a statement the database refused. Such a request may succeed
 * when retried shortly: SQLSTATE classes 08 (connection exception) and 57P (shutdown, crash, starting up), socket
 * errors, and node-postgres' own "connection terminated" family, looked for through Drizzle's wrapper.
 */
export function isConnectionLoss(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const { code, message, errors } = current as { code?: unknown; message?: unknown; errors?: unknown };
    if (typeof code === 'string' && (code.startsWith('08') || code.startsWith('57P') || NETWORK_CODES.has(code))) return true;
    if (typeof message === 'string' && LOST_CONNECTION_MESSAGE.test(message)) return true;
    // Connecting to a host name with several addresses fails with all of their errors at once.
    if (Array.isArray(errors) && errors.some((inner) => isConnectionLoss(inner))) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
