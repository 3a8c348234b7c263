const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** Waits before attempts 2…8 (docs/decisions.md#outbound-webhooks); attempt 1 is immediate and after attempt 8 the delivery gives up. */
export const RETRY_DELAYS_MS: readonly number[] = [5 * SECOND, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 5 * HOUR, 10 * HOUR, 10 * HOUR];
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
export const JITTER = 0.1;
// A Retry-After beyond this is treated as this, so one answer cannot park a delivery for weeks.
const MAX_RETRY_AFTER_MS = 24 * HOUR;

/**
 * When to try again after `attemptsMade` failed attempts, or null to give up. ±10 % jitter spreads a
 * burst of failures; a Retry-After (429/503) replaces the scheduled wait.
 */
export function nextAttemptDelay(
  attemptsMade: number,
  retryAfterMs: number | null = null,
  random: () => number = Math.random,
): number | null {
  if (attemptsMade >= MAX_ATTEMPTS) return null;
  if (retryAfterMs !== null) return Math.min(Math.max(retryAfterMs, SECOND), MAX_RETRY_AFTER_MS);
  const base = RETRY_DELAYS_MS[Math.max(0, attemptsMade - 1)] ?? RETRY_DELAYS_MS[RETRY_DELAYS_MS.length - 1] ?? HOUR;
  return Math.round(base * (1 - JITTER + 2 * JITTER * random()));
}

/** A Retry-After header (delta-seconds or HTTP date) in milliseconds from `now`, or null when absent or unreadable. */
export function parseRetryAfter(value: string | null, now: Date): number | null {
  if (value === null) return null;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * SECOND;
  // An HTTP date names its weekday or month; Date.parse alone would read "-5" as a year.
  if (!/[a-z]{3}/i.test(text)) return null;
  const date = Date.parse(text);
  if (Number.isNaN(date)) return null;
  return Math.max(0, date - now.getTime());
}
