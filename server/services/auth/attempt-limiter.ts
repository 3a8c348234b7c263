import type { Clock } from '../../clock.ts';

export interface AttemptLimiterOptions {
  clock: Clock;
  maxAttempts: number;
  windowMs: number;
}

/**
 * Counts attempts per key in a sliding window (e.g. failed sign-ins per e-mail).
 * In memory: each API process limits on its own, which still bounds guessing per process.
 */
export class AttemptLimiter {
  private readonly attempts = new Map<string, number[]>();
  private readonly options: AttemptLimiterOptions;

  constructor(options: AttemptLimiterOptions) {
    this.options = options;
  }

  private recent(key: string): number[] {
    const since = this.options.clock.now().getTime() - this.options.windowMs;
    const kept = (this.attempts.get(key) ?? []).filter((at) => at > since);
    if (kept.length === 0) this.attempts.delete(key);
    else this.attempts.set(key, kept);
    return kept;
  }

  /** Seconds until another attempt is allowed, or 0 when allowed now. */
  retryAfterSeconds(key: string): number {
    const recent = this.recent(key);
    if (recent.length < this.options.maxAttempts) return 0;
    const oldest = recent[recent.length - this.options.maxAttempts] ?? 0;
    return Math.max(1, Math.ceil((oldest + this.options.windowMs - this.options.clock.now().getTime()) / 1000));
  }

  /** Counts one attempt for the key. */
  record(key: string): void {
    if (this.attempts.size > 100_000) this.sweep();
    this.attempts.set(key, [...this.recent(key), this.options.clock.now().getTime()]);
  }

  /** Forgets a key (after a successful sign-in). */
  clear(key: string): void {
    this.attempts.delete(key);
  }

  private sweep(): void {
    for (const key of [...this.attempts.keys()]) this.recent(key);
  }
}
