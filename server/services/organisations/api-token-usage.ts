// "Last used" of each API token without a write per call. A token used by a busy integration authenticates many
// calls a second; writing last_used_at on each would turn every read of the payments API into a write. Instead a
// token's use is written at most once per USAGE_PRECISION_MS: the row read to authenticate the call already carries
// last_used_at (a use recorded within the window by any process skips the write), and this per-process map stops
// the burst of calls that read the same stale value before the first write lands from each writing it again. The
// write runs after the call is authenticated, not awaited by it; its failure is logged and loses one timestamp.
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/client.ts';
import { markApiTokenUsed } from './api-tokens-repository.ts';

/** How precise "last used" is: a token's use is written at most once per minute. */
export const USAGE_PRECISION_MS = 60_000;
const MAX_TRACKED = 10_000;

/** Records when each API token was last used, at most once per USAGE_PRECISION_MS per token. */
export class ApiTokenUsage {
  /** tokenId → the clock time (ms) of the last write this process started. */
  readonly #written = new Map<number, number>();
  readonly #pending = new Set<Promise<void>>();
  readonly #db: Database;
  readonly #clock: Clock;
  readonly #onError: (error: unknown) => void;

  constructor(db: Database, clock: Clock, onError: (error: unknown) => void) {
    this.#db = db;
    this.#clock = clock;
    this.#onError = onError;
  }

  /** Notes a use of the token whose row said it was last used at `lastUsedAt`; writes only when that is stale. */
  noteUse(tokenId: number, lastUsedAt: Date | null): void {
    const now = this.#clock.now();
    const staleBefore = now.getTime() - USAGE_PRECISION_MS;
    if (lastUsedAt !== null && lastUsedAt.getTime() > staleBefore) return;
    const written = this.#written.get(tokenId);
    if (written !== undefined && written > staleBefore) return;
    if (this.#written.size >= MAX_TRACKED) this.#written.clear();
    this.#written.set(tokenId, now.getTime());
    const write = markApiTokenUsed(this.#db, tokenId, now, new Date(staleBefore)).catch(this.#onError);
    this.#pending.add(write);
    void write.finally(() => this.#pending.delete(write));
  }

  /** Waits for the writes in flight (the app is closing: its database goes next). */
  async settle(): Promise<void> {
    await Promise.all([...this.#pending]);
  }
}
