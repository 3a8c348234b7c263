import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/client.ts';
import { touchSession } from './sessions-repository.ts';

/** A session's "last seen" moves at most this often: a write per request would cost the hot path a round trip. */
export const LAST_SEEN_INTERVAL_MS = 60_000;
const MAX_TRACKED = 10_000;

/** Moves each session's last_seen_at at most once per LAST_SEEN_INTERVAL_MS from this process (and, by the UPDATE's condition, across processes). */
export class LastSeenTracker {
  readonly #touchedAt = new Map<string, number>();
  readonly #db: Database;
  readonly #clock: Clock;

  constructor(db: Database, clock: Clock) {
    this.#db = db;
    this.#clock = clock;
  }

  /** Records that the session was used now, writing only when the interval has passed since this process last wrote. */
  async touch(sessionId: string): Promise<void> {
    const now = this.#clock.now();
    const last = this.#touchedAt.get(sessionId);
    if (last !== undefined && now.getTime() - last < LAST_SEEN_INTERVAL_MS) return;
    if (this.#touchedAt.size >= MAX_TRACKED) this.#touchedAt.clear();
    this.#touchedAt.set(sessionId, now.getTime());
    await touchSession(this.#db, sessionId, now, LAST_SEEN_INTERVAL_MS);
  }
}
