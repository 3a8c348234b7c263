/** What is known about a failed call when its error text is worked out. */
export interface ErrorSource {
  body?: unknown;
  status?: number;
  statusText?: string;
  error?: unknown;
}

function nonEmpty(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

function joinMessages(value: unknown): string | undefined {
  if (!Array.isArray(value)) return nonEmpty(value);
  const parts = value.map((item) => (typeof item === 'string' ? item : JSON.stringify(item)));
  return nonEmpty(parts.join(', '));
}

/** The message the server put in a response body (string body, `message`, then `error`), if any. */
export function serverMessage(body: unknown): string | undefined {
  if (typeof body === 'string') return nonEmpty(body);
  if (body === null || typeof body !== 'object') return undefined;
  const record = body as Record<string, unknown>;
  return joinMessages(record['message']) ?? nonEmpty(record['error']);
}

/** Error text in docs/console.md#messages order: body text, message, error, 'HTTP status text', thrown message, 'Unknown error'. */
export function errorText(source: ErrorSource): string {
  const fromBody = serverMessage(source.body);
  if (fromBody !== undefined) return fromBody;
  if (source.status) return `HTTP ${source.status} ${source.statusText ?? ''}`.trim();
  if (source.error instanceof Error && nonEmpty(source.error.message)) return source.error.message;
  return nonEmpty(source.error) ?? 'Unknown error';
}

/** A failed API call: `status` is 0 when no response arrived (network failure, abort). */
export class ApiError extends Error {
  readonly status: number;
  readonly statusText: string;
  readonly body: unknown;

  constructor(source: ErrorSource) {
    super(errorText(source), { cause: source.error });
    this.name = 'ApiError';
    this.status = source.status ?? 0;
    this.statusText = source.statusText ?? '';
    this.body = source.body;
  }
}

/** The server's own message for a failure when it sent one, else `fallback` (docs/console.md#messages "server message preferred"). */
export function messageOr(error: unknown, fallback: string): string {
  return (error instanceof ApiError ? serverMessage(error.body) : undefined) ?? fallback;
}
