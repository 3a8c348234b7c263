import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { insertApiLogs, type ApiLogEntry } from './api-logs-repository.ts';

export interface ApiLogBufferOptions {
  db: Database;
  log: FastifyBaseLogger;
  flushIntervalMs?: number;
  maxBuffered?: number;
  /** Beyond this many unsaved entries (database down), the oldest are dropped rather than eating memory. */
  maxPending?: number;
}

/**
 * Collects API log entries in memory and writes them in batches, so a request never waits for
 * its own log insert.
 */
export class ApiLogBuffer {
  private entries: ApiLogEntry[] = [];
  private readonly timer: NodeJS.Timeout;
  private flushing: Promise<void> = Promise.resolve();
  private readonly options: Required<ApiLogBufferOptions>;

  constructor(options: ApiLogBufferOptions) {
    this.options = { flushIntervalMs: 1000, maxBuffered: 500, maxPending: 50_000, ...options };
    this.timer = setInterval(() => void this.flush(), this.options.flushIntervalMs);
    this.timer.unref();
  }

  /** Queues one entry; a full buffer starts a flush. */
  add(entry: ApiLogEntry): void {
    this.entries.push(entry);
    if (this.entries.length > this.options.maxPending) this.entries.splice(0, this.entries.length - this.options.maxPending);
    if (this.entries.length >= this.options.maxBuffered) void this.flush();
  }

  /** Writes everything queued so far; concurrent calls run one after another. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(async () => {
      if (this.entries.length === 0) return;
      const batch = this.entries;
      this.entries = [];
      try {
        await insertApiLogs(this.options.db, batch);
      } catch (error) {
        this.options.log.error({ err: error, count: batch.length }, 'Writing API logs failed; will retry');
        this.entries = batch.concat(this.entries);
      }
    });
    return this.flushing;
  }

  /** Stops the timer and writes what is left. */
  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }
}
