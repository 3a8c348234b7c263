import { createHash, randomBytes } from 'node:crypto';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { HttpError } from '../../errors.ts';
import {
  deleteKeyCreatedBefore,
  setLeaseEnd,
  findKey,
  IN_PROGRESS,
  insertKeyInProgress,
  storeKeyResponse,
  takeOverKey,
} from './idempotency-keys-repository.ts';
import { newPaymentReference } from './reference.ts';

export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;
/** How long a key in progress is held without a renewal, unless configured (IDEMPOTENCY_LEASE_SECONDS). */
export const DEFAULT_IDEMPOTENCY_LEASE_MS = 30_000;

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
 * The payment an idempotent request creates, reserved with its key: every attempt at the request creates this one
 * payment (the reference is unique), so an attempt that takes over from one that died finds it or creates it.
 */
export interface PaymentClaim {
  reference: string;
  /** An earlier attempt held the key: the payment may exist already. */
  resumed: boolean;
}

export interface IdempotencyScope {
  orgId: number;
  key: string | undefined;
  body: unknown;
  clock: Clock;
  /** How long a key in progress stays held without a renewal (the request holding it renews it while it works). */
  leaseMs: number;
}

/**
 * Runs `work` once per (organisation, Idempotency-Key) within 24 h: the same key and body replay the
 * first response; the same key with another body is 422; a key in progress is 409 while its lease runs.
 * Client errors (4xx) are remembered too. A request that failed otherwise (5xx) gives the key up at once and one
 * that died (a crash) when its lease runs out: a retry then takes the key over and finishes the same payment.
 */
export async function withIdempotency(
  db: Database,
  scope: IdempotencyScope,
  work: (claim: PaymentClaim) => Promise<StoredResponse>,
): Promise<StoredResponse & { replayed: boolean }> {
  const reference = newPaymentReference(scope.clock);
  if (!scope.key) return { ...(await work({ reference, resumed: false })), replayed: false };
  if (scope.key.length > 200) throw new HttpError(400, 'Idempotency-Key must be at most 200 characters.');
  const id = { orgId: scope.orgId, key: scope.key };
  const hash = requestHash(scope.body);
  const now = scope.clock.now();
  const leaseEnd = () => new Date(scope.clock.now().getTime() + scope.leaseMs);
  const token = randomBytes(16).toString('hex');
  await deleteKeyCreatedBefore(db, id, new Date(now.getTime() - IDEMPOTENCY_WINDOW_MS));
  let claim: PaymentClaim;
  try {
    await insertKeyInProgress(db, id, {
      requestHash: hash,
      paymentReference: reference,
      leaseToken: token,
      leaseExpiresAt: leaseEnd(),
      createdAt: now,
    });
    claim = { reference, resumed: false };
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const stored = await findKey(db, id);
    if (!stored || stored.requestHash !== hash)
      throw new HttpError(422, 'This Idempotency-Key was already used with a different request body.');
    if (stored.statusCode !== IN_PROGRESS) return { statusCode: stored.statusCode, body: stored.responseBody, replayed: true };
    if (stored.leaseExpiresAt && stored.leaseExpiresAt > now) throw stillInProgress();
    // The request that held the key is gone: this one takes over the payment it was creating.
    const taken = await takeOverKey(db, stored, { token, expiresAt: leaseEnd(), reference });
    if (!taken) throw stillInProgress();
    claim = { reference: taken, resumed: stored.paymentReference !== null };
  }
  const renewal = setInterval(() => void setLeaseEnd(db, id, token, leaseEnd()).catch(() => undefined), scope.leaseMs / 3);
  renewal.unref();
  let response: StoredResponse;
  try {
    response = await work(claim);
  } catch (error) {
    if (error instanceof HttpError && error.statusCode < 500) {
      const body = { statusCode: error.statusCode, error: 'Error', message: error.message };
      await storeKeyResponse(db, id, token, { statusCode: error.statusCode, body });
    } else {
      // The payment may exist: the key keeps naming it, for the next attempt to take over now. Should this write fail
      // too (the database is away), the lease runs out instead.
      await setLeaseEnd(db, id, token, scope.clock.now()).catch(() => undefined);
    }
    throw error;
  } finally {
    clearInterval(renewal);
  }
  await storeKeyResponse(db, id, token, response);
  return { ...response, replayed: false };
}

const stillInProgress = () => new HttpError(409, 'A request with this Idempotency-Key is still being processed; retry shortly.');
