import { createHash } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { idempotencyKeys } from '../../db/schema.ts';
import { HttpError } from '../../errors.ts';

export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;
const IN_PROGRESS = 0;

export interface StoredResponse {
  statusCode: number;
  body: unknown;
}

/** A canonical hash of a request body (key order does not matter). */
export function requestHash(body: unknown): string {
  const canonical = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(canonical)
      : value !== null && typeof value === 'object'
        ? Object.fromEntries(
            Object.keys(value)
              .sort()
              .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
          )
        : value;
  return createHash('sha256')
    .update(JSON.stringify(canonical(body) ?? null))
    .digest('hex');
}

/**
 * Runs `work` once per (organisation, Idempotency-Key) within 24 h: the same key and body replay the
 * first response; the same key with another body is 422; a key still in progress is 409.
 * Client errors (4xx) are remembered too; a crash (5xx) frees the key for a retry.
 */
export async function withIdempotency(
  db: Database,
  scope: { orgId: number; key: string | undefined; body: unknown; now: Date },
  work: () => Promise<StoredResponse>,
): Promise<StoredResponse & { replayed: boolean }> {
  if (!scope.key) return { ...(await work()), replayed: false };
  if (scope.key.length > 200) throw new HttpError(400, 'Idempotency-Key must be at most 200 characters.');
  const hash = requestHash(scope.body);
  await db
    .delete(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.orgId, scope.orgId),
        eq(idempotencyKeys.key, scope.key),
        lt(idempotencyKeys.createdAt, new Date(scope.now.getTime() - IDEMPOTENCY_WINDOW_MS)),
      ),
    );
  try {
    await db
      .insert(idempotencyKeys)
      .values({ orgId: scope.orgId, key: scope.key, requestHash: hash, statusCode: IN_PROGRESS, responseBody: {}, createdAt: scope.now });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const [stored] = await db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.orgId, scope.orgId), eq(idempotencyKeys.key, scope.key)));
    if (!stored || stored.requestHash !== hash)
      throw new HttpError(422, 'This Idempotency-Key was already used with a different request body.');
    if (stored.statusCode === IN_PROGRESS)
      throw new HttpError(409, 'A request with this Idempotency-Key is still being processed; retry shortly.');
    return { statusCode: stored.statusCode, body: stored.responseBody, replayed: true };
  }
  const keyFilter = and(eq(idempotencyKeys.orgId, scope.orgId), eq(idempotencyKeys.key, scope.key));
  let response: StoredResponse;
  try {
    response = await work();
  } catch (error) {
    if (error instanceof HttpError && error.statusCode < 500) {
      const body = { statusCode: error.statusCode, error: 'Error', message: error.message };
      await db.update(idempotencyKeys).set({ statusCode: error.statusCode, responseBody: body }).where(keyFilter);
    } else {
      await db.delete(idempotencyKeys).where(keyFilter);
    }
    throw error;
  }
  await db.update(idempotencyKeys).set({ statusCode: response.statusCode, responseBody: response.body }).where(keyFilter);
  return { ...response, replayed: false };
}
